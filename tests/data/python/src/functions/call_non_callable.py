handlers = {"a": print, "b": "not a function"}
handlers["a"]("calling a")
handlers["b"]("calling b")
