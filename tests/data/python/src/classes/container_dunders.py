class Playlist:
    def __init__(self, *songs):
        self._songs = list(songs)
    def __len__(self):
        return len(self._songs)
    def __getitem__(self, i):
        return self._songs[i]
    def __setitem__(self, i, v):
        self._songs[i] = v
    def __delitem__(self, i):
        del self._songs[i]
    def __contains__(self, s):
        return s.lower() in (x.lower() for x in self._songs)
    def __iter__(self):
        return iter(self._songs)
    def __reversed__(self):
        return reversed(self._songs)

p = Playlist("Intro", "Verse", "Chorus", "Outro")
print(len(p), p[0], p[-1], p[1:3], "chorus" in p, "bridge" in p)
p[1] = "Verse 2"
del p[0]
print(list(p), list(reversed(p)), sorted(p))
for i, s in enumerate(p):
    print(i, s)
print(p[10])
