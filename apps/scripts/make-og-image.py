"""The link-preview image (Open Graph, 1200 x 630 JPEG) of the public site, drawn, not a photo:
a navy-to-dawn gradient with a rising sun and a simple church outline. The server names it in
every public page's og:image (crates/kanisa-server/src/seo.rs). Staff-independent on purpose:
the church's name is in the preview's title, not baked into the picture.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pillow
    /tmp/venv/bin/python apps/scripts/make-og-image.py     (writes apps/public/public/images/og-default.jpg)
"""
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

W, H = 1200, 630
OUT = Path(__file__).resolve().parent.parent / "public" / "public" / "images" / "og-default.jpg"


def lerp(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def main():
    img = Image.new("RGB", (W, H))
    draw = ImageDraw.Draw(img)
    top, middle, bottom = (11, 39, 68), (18, 60, 105), (245, 196, 81)
    for y in range(H):
        t = y / (H - 1)
        colour = lerp(top, middle, t / 0.6) if t < 0.6 else lerp(middle, bottom, (t - 0.6) / 0.4)
        draw.line([(0, y), (W, y)], fill=colour)

    # The sun rising behind the hill, softened.
    glow = Image.new("L", (W, H), 0)
    ImageDraw.Draw(glow).ellipse([820, 330, 1100, 610], fill=255)
    glow = glow.filter(ImageFilter.GaussianBlur(40))
    img = Image.composite(Image.new("RGB", (W, H), (255, 226, 150)), img, glow)
    draw = ImageDraw.Draw(img)
    draw.ellipse([880, 390, 1040, 550], fill=(255, 236, 180))

    # A hill and a small church with a spire and a cross.
    draw.ellipse([-300, 500, 1500, 1100], fill=(10, 34, 60))
    ink = (10, 34, 60)
    draw.rectangle([300, 420, 520, 560], fill=ink)
    draw.polygon([(280, 425), (410, 330), (540, 425)], fill=ink)
    draw.rectangle([385, 250, 435, 345], fill=ink)
    draw.polygon([(375, 255), (410, 190), (445, 255)], fill=ink)
    draw.rectangle([406, 150, 414, 195], fill=ink)
    draw.rectangle([395, 162, 425, 169], fill=ink)
    warm = (255, 214, 120)
    draw.rectangle([395, 480, 425, 560], fill=warm)
    for x in (330, 470):
        draw.rounded_rectangle([x, 455, x + 24, 495], radius=10, fill=warm)

    OUT.parent.mkdir(parents=True, exist_ok=True)
    img.save(OUT, "JPEG", quality=82, optimize=True, progressive=True)
    print(f"{OUT}: {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
