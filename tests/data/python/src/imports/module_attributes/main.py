import config
print(config.DEBUG, config.get("name"))
config.DEBUG = True
import config as again
print(again.DEBUG)
print(config.missing_setting)
