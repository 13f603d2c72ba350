x = 10
print(eval('x + 1'), eval(' 2*3'))
def f(a, b=2):
    c = a + b
    print(sorted(locals().items()))
    return eval('a * c')
print(f(3))
g = {}
exec('y = 4\ndef h(): return y * 2', g)
print(g['y'], g['h'](), '__builtins__' in g)
code = compile('1 + 1', '<expr>', 'eval')
print(eval(code), type(globals()).__name__)
print(sorted(k for k in dir() if not k.startswith('_')))
print(list(map(eval, ['1+1', 'x'])))
try:
    eval('1 +')
except SyntaxError as e:
    print('SyntaxError:', e.msg, e.lineno)
exec('raise ValueError("boom")')
