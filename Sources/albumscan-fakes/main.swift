print("fakes")
