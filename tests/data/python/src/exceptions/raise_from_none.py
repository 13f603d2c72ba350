def get_setting(settings, key):
    try:
        return settings[key]
    except KeyError:
        raise LookupError(f"setting {key!r} is not configured") from None

print(get_setting({"a": 1}, "a"))
get_setting({}, "theme")
