def f():
    await something()
