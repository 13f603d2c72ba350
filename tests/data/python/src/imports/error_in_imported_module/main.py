print("before import")
import broken
print("never reached")
