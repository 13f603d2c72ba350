import textwrap

words = "supercalifragilisticexpialidocious is a well-known long-winded word"
print(textwrap.wrap(words, 12))
print(textwrap.wrap(words, 12, break_long_words=False))
print(textwrap.wrap(words, 12, break_on_hyphens=False))
print(textwrap.wrap(words, 12, break_long_words=False, break_on_hyphens=False))
tabbed = "name:\tvalue\n\tindented\vvertical"
print(textwrap.wrap(tabbed, 20))
print(textwrap.wrap(tabbed, 20, tabsize=4))
print(textwrap.wrap(tabbed, 20, replace_whitespace=False))
print(textwrap.wrap(tabbed, 30, expand_tabs=False))
print(textwrap.wrap("   keep   the   spaces   ", 10, drop_whitespace=False))
print(textwrap.wrap("Hello there.  How are you? Fine.", 60, fix_sentence_endings=True))
