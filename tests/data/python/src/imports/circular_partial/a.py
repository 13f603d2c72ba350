A_VALUE = "a-first"
import b
A_LATE = "a-late"
