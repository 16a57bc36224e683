#!/usr/bin/env python3
"""Draws the site's bundled images (no photos ship): five hero scenes and two card images,
as WebP in several widths, into apps/public/public/images/. Staff replace them later by
uploading their own into storage (setting hero_images).

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pillow
    /tmp/venv/bin/python apps/public/scripts/make-images.py

Every file must stay at or under 80 KB; the script fails otherwise.
"""
import math
import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

OUT = Path(__file__).resolve().parent.parent / "public" / "images"
BASE_W, BASE_H = 1920, 1080
HERO_WIDTHS = (640, 1280, 1920)
CARD_WIDTHS = (480, 960)
LIMIT = 80 * 1024

NAVY = (18, 60, 105)
NAVY_DARK = (11, 39, 68)
GOLD = (245, 196, 81)


def lerp(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def vertical_gradient(size, stops):
    """stops: [(position 0..1, rgb), ...] top to bottom."""
    w, h = size
    strip = Image.new("RGB", (1, 256))
    px = strip.load()
    for y in range(256):
        t = y / 255
        for (p0, c0), (p1, c1) in zip(stops, stops[1:]):
            if p0 <= t <= p1:
                px[0, y] = lerp(c0, c1, (t - p0) / (p1 - p0 or 1))
                break
    return strip.resize((w, h), Image.BICUBIC)


def glow(img, center, radius, color, strength=1.0):
    """A soft radial light (sun, lamp) added over img."""
    small = Image.new("L", (256, 256), 0)
    ImageDraw.Draw(small).ellipse([78, 78, 178, 178], fill=255)
    small = small.filter(ImageFilter.GaussianBlur(34))
    mask = small.resize((radius * 2, radius * 2), Image.BICUBIC).point(lambda v: int(v * strength))
    layer = Image.new("RGB", mask.size, color)
    img.paste(layer, (center[0] - radius, center[1] - radius), mask)


def hills(draw, w, h, base, amplitude, phase, color, waves=2.0):
    points = [(0, h)]
    for x in range(0, w + 20, 20):
        y = base + amplitude * math.sin(x / w * math.pi * waves + phase) + amplitude * 0.35 * math.sin(x / w * math.pi * 5 + phase * 2)
        points.append((x, y))
    points.append((w, h))
    draw.polygon(points, fill=color)


def church(draw, x, ground, scale, color, window=None):
    """A simple chapel silhouette: nave, gable roof, steeple and cross."""
    s = scale
    body_w, body_h = 260 * s, 150 * s
    draw.rectangle([x, ground - body_h, x + body_w, ground], fill=color)
    draw.polygon([(x - 15 * s, ground - body_h), (x + body_w / 2, ground - body_h - 90 * s), (x + body_w + 15 * s, ground - body_h)], fill=color)
    tx = x + body_w * 0.78
    tower_w = 62 * s
    draw.rectangle([tx, ground - body_h - 120 * s, tx + tower_w, ground], fill=color)
    draw.polygon([(tx - 8 * s, ground - body_h - 120 * s), (tx + tower_w / 2, ground - body_h - 230 * s), (tx + tower_w + 8 * s, ground - body_h - 120 * s)], fill=color)
    cx = tx + tower_w / 2
    top = ground - body_h - 230 * s
    draw.rectangle([cx - 3 * s, top - 55 * s, cx + 3 * s, top], fill=color)
    draw.rectangle([cx - 18 * s, top - 42 * s, cx + 18 * s, top - 36 * s], fill=color)
    if window:
        # Warm lit windows and door.
        for i in range(3):
            wx = x + 30 * s + i * 55 * s
            draw.rounded_rectangle([wx, ground - body_h + 40 * s, wx + 26 * s, ground - body_h + 95 * s], radius=12 * s, fill=window)
        draw.rounded_rectangle([tx + 16 * s, ground - 70 * s, tx + tower_w - 16 * s, ground], radius=14 * s, fill=window)


def people(draw, xs, ground, scale, color):
    for i, x in enumerate(xs):
        s = scale * (0.85 + 0.3 * ((i * 37) % 7) / 7)
        r = 16 * s
        draw.ellipse([x - r, ground - 120 * s - r, x + r, ground - 120 * s + r], fill=color)
        draw.rounded_rectangle([x - 26 * s, ground - 100 * s, x + 26 * s, ground], radius=22 * s, fill=color)


def scene_sunrise():
    img = vertical_gradient((BASE_W, BASE_H), [(0, (28, 52, 96)), (0.45, (222, 128, 92)), (0.7, (250, 200, 120)), (1, (250, 214, 150))])
    glow(img, (1250, 720), 420, (255, 236, 170), 0.9)
    glow(img, (1250, 720), 120, (255, 250, 225), 1.0)
    d = ImageDraw.Draw(img)
    hills(d, BASE_W, BASE_H, 780, 40, 0.5, (120, 70, 80))
    hills(d, BASE_W, BASE_H, 850, 35, 2.1, (70, 45, 70))
    church(d, 380, 905, 1.2, (34, 28, 48))
    hills(d, BASE_W, BASE_H, 930, 18, 1.2, (34, 28, 48), waves=1.2)
    return img


def scene_evening_chapel():
    img = vertical_gradient((BASE_W, BASE_H), [(0, NAVY_DARK), (0.6, NAVY), (1, (40, 92, 140))])
    rnd = random.Random(7)
    d = ImageDraw.Draw(img)
    for _ in range(140):
        x, y, r = rnd.randrange(BASE_W), rnd.randrange(int(BASE_H * 0.55)), rnd.choice((1, 1, 2, 2, 3))
        d.ellipse([x - r, y - r, x + r, y + r], fill=(230, 236, 250))
    glow(img, (1500, 230), 170, (250, 240, 210), 0.55)
    d = ImageDraw.Draw(img)
    d.ellipse([1455, 185, 1545, 275], fill=(250, 244, 222))
    hills(d, BASE_W, BASE_H, 840, 30, 1.0, (16, 44, 76))
    glow(img, (1010, 760), 260, GOLD, 0.35)
    d = ImageDraw.Draw(img)
    church(d, 820, 930, 1.35, (8, 24, 44), window=(250, 205, 110))
    hills(d, BASE_W, BASE_H, 950, 14, 3.0, (8, 24, 44), waves=1.0)
    return img


def scene_community():
    img = vertical_gradient((BASE_W, BASE_H), [(0, (245, 210, 140)), (0.55, (238, 160, 96)), (1, (150, 80, 70))])
    glow(img, (960, 900), 700, (255, 240, 200), 0.6)
    d = ImageDraw.Draw(img)
    hills(d, BASE_W, BASE_H, 860, 25, 0.3, (120, 62, 58))
    xs = [260 + i * 150 for i in range(10)]
    people(d, xs, 1000, 1.9, (58, 32, 44))
    d.rectangle([0, 990, BASE_W, BASE_H], fill=(58, 32, 44))
    return img.filter(ImageFilter.GaussianBlur(0.6))


def scene_open_book():
    img = vertical_gradient((BASE_W, BASE_H), [(0, (24, 54, 92)), (1, (12, 32, 58))])
    glow(img, (960, 470), 620, (255, 214, 130), 0.55)
    d = ImageDraw.Draw(img)
    # Light rays.
    for i in range(-6, 7):
        angle = math.radians(-90 + i * 11)
        end = (960 + 1400 * math.cos(angle), 560 + 1400 * math.sin(angle))
        d.polygon([(960, 560), end, (end[0] + 70, end[1])], fill=(46, 82, 122))
    img = Image.blend(vertical_gradient((BASE_W, BASE_H), [(0, (24, 54, 92)), (1, (12, 32, 58))]), img, 0.6)
    glow(img, (960, 600), 420, (255, 220, 150), 0.7)
    d = ImageDraw.Draw(img)
    page = (248, 240, 222)
    shade = (222, 208, 180)
    d.polygon([(960, 640), (560, 560), (540, 820), (960, 900)], fill=page)
    d.polygon([(960, 640), (1360, 560), (1380, 820), (960, 900)], fill=page)
    d.polygon([(960, 900), (540, 820), (540, 840), (960, 925)], fill=shade)
    d.polygon([(960, 900), (1380, 820), (1380, 840), (960, 925)], fill=shade)
    for i in range(7):
        y = 620 + i * 30
        d.line([(610, y - 8 + i * 2), (920, y + 40 + i * 2)], fill=(200, 190, 170), width=5)
        d.line([(1000, y + 40 + i * 2), (1310, y - 8 + i * 2)], fill=(200, 190, 170), width=5)
    d.line([(960, 640), (960, 905)], fill=(190, 170, 140), width=4)
    return img


def scene_path():
    img = vertical_gradient((BASE_W, BASE_H), [(0, (120, 170, 210)), (0.5, (240, 220, 170)), (1, (120, 150, 90))])
    glow(img, (960, 520), 360, (255, 246, 210), 0.85)
    d = ImageDraw.Draw(img)
    hills(d, BASE_W, BASE_H, 600, 50, 0.2, (110, 150, 120))
    hills(d, BASE_W, BASE_H, 700, 45, 2.6, (80, 128, 90))
    hills(d, BASE_W, BASE_H, 800, 35, 4.0, (58, 104, 70))
    d.polygon([(880, 640), (1040, 640), (1500, BASE_H), (420, BASE_H)], fill=(226, 200, 150))
    d.polygon([(930, 640), (990, 640), (1120, BASE_H), (800, BASE_H)], fill=(238, 218, 172))
    church(d, 905, 640, 0.32, (60, 70, 90))
    return img


def card_story():
    w, h = 1440, 960
    img = vertical_gradient((w, h), [(0, NAVY), (1, NAVY_DARK)])
    glow(img, (1000, 280), 380, GOLD, 0.45)
    d = ImageDraw.Draw(img)
    hills(d, w, h, 700, 30, 1.5, (20, 52, 88))
    church(d, 420, 780, 1.3, (9, 26, 46), window=(250, 205, 110))
    d.rectangle([0, 780, w, h], fill=(9, 26, 46))
    return img


def card_community():
    w, h = 1440, 960
    img = vertical_gradient((w, h), [(0, (250, 226, 170)), (1, (232, 150, 90))])
    d = ImageDraw.Draw(img)
    rnd = random.Random(3)
    for _ in range(18):
        x, y, r = rnd.randrange(w), rnd.randrange(h), rnd.randrange(40, 160)
        d.ellipse([x - r, y - r, x + r, y + r], outline=(255, 240, 210), width=6)
    # Hands joined in a circle: people around a centre.
    cx, cy = w // 2, h // 2 + 40
    for i in range(8):
        a = i / 8 * math.tau
        x, y = cx + 300 * math.cos(a), cy + 220 * math.sin(a)
        d.ellipse([x - 42, y - 42, x + 42, y + 42], fill=NAVY)
        d.line([(x, y), (cx + 300 * math.cos(a + math.tau / 8), cy + 220 * math.sin(a + math.tau / 8))], fill=NAVY, width=18)
    d.ellipse([cx - 70, cy - 70, cx + 70, cy + 70], fill=GOLD)
    return img.filter(ImageFilter.GaussianBlur(0.8))


def save(img, name, widths):
    w0, h0 = img.size
    for width in widths:
        height = round(h0 * width / w0)
        resized = img.resize((width, height), Image.LANCZOS)
        path = OUT / f"{name}-{width}.webp"
        for quality in (78, 70, 62, 54, 46, 38):
            resized.save(path, "WEBP", quality=quality, method=6)
            if path.stat().st_size <= LIMIT:
                break
        size = path.stat().st_size
        print(f"{path.name:28} {width}x{height} {size / 1024:5.1f} KB")
        if size > LIMIT:
            raise SystemExit(f"{path.name} is over 80 KB")


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    heroes = [scene_sunrise, scene_evening_chapel, scene_community, scene_open_book, scene_path]
    for index, scene in enumerate(heroes, start=1):
        save(scene(), f"hero-{index}", HERO_WIDTHS)
    save(card_story(), "card-story", CARD_WIDTHS)
    save(card_community(), "card-community", CARD_WIDTHS)


if __name__ == "__main__":
    main()
