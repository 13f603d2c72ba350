NAME = "helper next to the script"
