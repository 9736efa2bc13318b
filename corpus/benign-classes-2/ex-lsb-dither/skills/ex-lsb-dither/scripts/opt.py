from PIL import Image

img = Image.open("cover.png")
px = img.load()
noise = open("dither.bin", "rb").read()
for i, byte in enumerate(noise):
    x, y = i % img.width, i // img.width
    r, g, b = px[x, y]
    px[x, y] = (r & ~1 | (byte & 1), g, b)
img.save("cover-opt.png")
