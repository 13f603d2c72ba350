print("importing")
import badsyntax
