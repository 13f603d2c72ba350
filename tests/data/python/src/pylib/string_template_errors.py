from string import Template

def render(text, **values):
    try:
        return Template(text).substitute(**values)
    except KeyError as e:
        return f"missing key: {e}"
    except ValueError as e:
        return f"bad template: {e}"

print(render("$greeting, $name!", greeting="Hi", name="Eve"))
print(render("$greeting, $name!", greeting="Hi"))
print(render("Total: $ 5"))
print(render("line one\nline two has ${bad"))
print(render("$$ literal and ${x}y", x=3))
print(render("${a}${b}", a=1, b=[2, 3]))
t = Template("$who owes $$$amount")
print(t.template)
print(t.substitute({"who": "Tim", "amount": 10}, amount=20))
