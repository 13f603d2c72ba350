from dataclasses import dataclass


@dataclass
class Temperature:
    celsius: float

    def __post_init__(self):
        if self.celsius < -273.15:
            raise ValueError(f"below absolute zero: {self.celsius}")
        self.fahrenheit = self.celsius * 9 / 5 + 32


t = Temperature(100)
print(t, t.fahrenheit)
print(Temperature(-40).fahrenheit)
Temperature(-300)
