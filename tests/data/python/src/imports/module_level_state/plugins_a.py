from registry import register

@register("double")
def double(x):
    return x * 2
