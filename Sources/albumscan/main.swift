print("albumscan")
