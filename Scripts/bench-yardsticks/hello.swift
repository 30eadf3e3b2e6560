// Scripts/bench's start-up yardstick: the least a statically linked Swift program does.
print("hello")
