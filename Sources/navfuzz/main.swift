print("navfuzz")
