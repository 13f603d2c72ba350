import registry
import plugins_a
import plugins_b
print(registry.names())
print(registry.run_all(10))
