from pathlib import PurePath
p = PurePath('/srv/app/src/main.py')
print(p.relative_to('/srv'), p.relative_to(PurePath('/srv/app/src/main.py')))
print(p.is_relative_to('/srv/app'), p.is_relative_to('/srv/ap'), p.is_relative_to('srv'))
print(p.relative_to('/srv/lib', walk_up=True), p.relative_to('/etc/x/y', walk_up=True))
for other, walk in [('/etc', False), ('src', False), ('src', True), ('/srv/../x', True)]:
    try:
        print(p.relative_to(other, walk_up=walk))
    except ValueError as e:
        print('ValueError', e)
print(PurePath('a/b').relative_to('a'), PurePath('a').relative_to('a'))
