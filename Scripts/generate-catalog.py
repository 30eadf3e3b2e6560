#!/usr/bin/env python3
"""Writes photorepl's embedded catalog: photos in the Unsplash photo JSON shape.

Outputs (both committed; run this script again to change them):
  Sources/PhotoDomain/Catalog/catalog.json            the catalog as Unsplash would send it
  Sources/PhotoDomain/Catalog/EmbeddedCatalog+Photos.swift   the same photos as Swift values

The data is made up by this script from a fixed seed (it is not Unsplash's): plausible ids, sizes,
colours, real BlurHash strings computed from a small synthetic picture of each photo, descriptions,
like counts, and 24 photographers with 4 to 6 photos each, whose `user` objects carry the profile
fields of the real API's user (location, bio, total_photos, total_likes; null where real profiles
have none).
"""
import json
import math
import os
import random
import unicodedata

COUNT = 120
SEED = 20241021
PHOTOGRAPHERS = 24            # each gets 4 to 6 of the COUNT photos
rng = random.Random(SEED)
# The photographers come from a sequence of their own, so that the photos' values (drawn from `rng`)
# stay what they were when every photo had a photographer of its own.
people = random.Random(f"{SEED}:photographers")
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "PhotoDomain", "Catalog")

SUBJECTS = [
    ("misty pine forest at sunrise", "green trees covered with fog", ("#2f4f3a", "#c9d6cf")),
    ("city skyline after the rain", "high rise buildings under gray sky", ("#3a4250", "#9aa7b8")),
    ("a cup of coffee on a wooden table", "white ceramic mug beside brown bread", ("#6b4a32", "#e8dccb")),
    ("waves breaking on a black sand beach", "ocean waves crashing on shore", ("#1d2b36", "#8fb3c4")),
    ("snowy mountain ridge under a blue sky", "snow covered mountain during daytime", ("#2e5b8a", "#f2f5f8")),
    ("street market in the old town", "people walking on street between buildings", ("#7a4b2a", "#d9b48f")),
    ("golden wheat field in late summer", "brown wheat field under white clouds", ("#b8893a", "#f0e0a8")),
    ("neon signs in a narrow alley", "assorted neon signage at night", ("#3b1040", "#e04f9a")),
    ("a red fox in the snow", "orange fox on white snow", ("#c2561c", "#eef1f4")),
    ("desert dunes at dusk", "brown sand dunes during sunset", ("#a8552a", "#f3b27a")),
    ("lavender rows in bloom", "purple flower field during daytime", ("#5d4a8a", "#c8b6e8")),
    ("a lighthouse on a rocky cape", "white and red lighthouse near sea", ("#40566b", "#dfe6ec")),
    ("autumn leaves on a forest path", "brown leaves on ground between trees", ("#8a3f16", "#e0a35c")),
    ("a tram crossing a bridge", "yellow tram on bridge during daytime", ("#5c6b73", "#f2c84b")),
    ("close-up of a monstera leaf", "green leaf plant in close up photography", ("#1f5e2e", "#8cc78f")),
    ("stars over a mountain lake", "milky way above lake and mountains", ("#0b1426", "#4a6a9c")),
    ("a bowl of ramen with egg", "noodle soup in white bowl", ("#8a5a2b", "#f1d9a8")),
    ("kayaks on a turquoise lake", "two kayaks on body of water", ("#1f7a7a", "#b9e6df")),
    ("a cat asleep on a windowsill", "orange tabby cat lying near window", ("#b07a45", "#f3e7d3")),
    ("rice terraces in the morning", "green rice terraces during daytime", ("#3f6b2a", "#cfe3b0")),
    ("an old bookshop interior", "books on brown wooden shelves", ("#4e3524", "#c9a27a")),
    ("hot air balloons over a valley", "assorted hot air balloons flying", ("#c4692f", "#f6d7b0")),
    ("a concrete staircase in shadow", "gray concrete stairs with shadow", ("#55595e", "#d6d8da")),
    ("cherry blossoms along a canal", "pink cherry blossom tree near river", ("#c7788f", "#f7e1e8")),
    ("surfer riding a small wave", "man surfing on sea waves", ("#1b5d7a", "#a9d6e5")),
    ("fresh vegetables at a farm stand", "assorted vegetables in baskets", ("#5a7a2a", "#e7c35a")),
    ("a train passing through the hills", "red train on rail tracks", ("#8a2b22", "#c9d2b8")),
    ("reflections in a glass facade", "glass building reflecting clouds", ("#3c5a78", "#c6d8ea")),
    ("a vintage camera on a desk", "black film camera on table", ("#2b2b2b", "#b9a78e")),
    ("foggy harbour with fishing boats", "boats docked on harbor in fog", ("#5d6a70", "#d7dcde")),
]

# Some shots have no caption (Unsplash sends null), others a user-written one.
CAPTION_STYLES = [
    lambda s: s[0].upper() + s[1:],
    lambda s: s[0].upper() + s[1:] + ".",
    lambda s: None,
    lambda s: s.title(),
]

FIRST = ["Anna", "Jonas", "Mina", "Lucas", "Sofia", "Hiro", "Chloé", "Mateo", "Ewa", "Noah", "Leïla", "Ji-woo",
         "Olu", "Ines", "Tomás", "Freya", "Kenji", "Amélie", "Ravi", "Zoë", "Björn", "Yuna", "Kwame", "Sara"]
LAST = ["Berg", "Kim", "Lindqvist", "Moreau", "Okafor", "Sato", "Novak", "García", "Park", "Rossi", "Müller",
        "Nakamura", "Dubois", "Haddad", "Silva", "Kowalski", "Andersen", "Ito", "Costa", "Nguyen"]
KOREAN = ["김서연", "이도윤", "박지호", "최하은"]

LOCATIONS = ["Lisbon, Portugal", "Kyoto, Japan", "Reykjavík, Iceland", "Montréal, Canada", "Lagos, Nigeria",
             "Kraków, Poland", "Berlin, Germany", "São Paulo, Brazil", "Tromsø, Norway", "Marseille, France",
             "Melbourne, Australia", "Oaxaca, México", "Göteborg, Sweden", "Cape Town, South Africa",
             "Vancouver", "Istanbul, Türkiye", "Hanoi, Vietnam", "Edinburgh, Scotland", "Zürich", "Napoli"]
KOREAN_LOCATIONS = ["Seoul, South Korea", "Busan, South Korea"]
# Real bios are free text: line breaks typed as CR LF, emoji, links, several languages.
SHORT_BIOS = [
    "Freelance photographer. Mostly film.",
    "Landscapes, mostly.\r\nSometimes people.",
    "Architecture & street. Available for hire.",
    "Just someone with a camera and too many lenses.",
    "Nature lover 🌲 | Sony A7 III",
    "Travel photographer. 47 countries and counting.",
    "Food, coffee and the light that comes with them ☕",
    "Hobbyist. Weekends only.",
    "Wildlife and winter.",
    "Analog photography, 35mm and medium format.",
    "Photographe amateur. La lumière d'abord.",
    "Drone pilot and hiker.",
    "Fotografía: luz natural, siempre.",
    "Architect by day, photographer by night.",
    "Cats, trams and rainy cities.",
    "Let's go outside.\r\n\r\nContact: hello@example.com",
    "If you use my photos, a credit is always appreciated!",
]
LONG_BIO = ("I started taking pictures on my grandfather's Pentax in 2009 and never stopped. These days I shoot "
            "forests, harbours and the quiet streets of small towns before sunrise, and I share everything here "
            "for free. If one of my photos ends up in your project, I would love to see it: send me a link!")
KOREAN_BIOS = ["일상을 찍습니다 📷\r\nPhotos of everyday life", "필름 카메라와 산책", None]

SIZES = [(6000, 4000), (4000, 6000), (5472, 3648), (3648, 5472), (4000, 4000), (3024, 4032), (4032, 3024),
         (7952, 5304), (5304, 7952), (2400, 1600), (6240, 4160), (4160, 6240)]

ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
BASE83 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~"


def encode83(value, length):
    out = ""
    for i in range(1, length + 1):
        digit = (value // (83 ** (length - i))) % 83
        out += BASE83[digit]
    return out


def srgb_to_linear(v):
    v = v / 255.0
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def linear_to_srgb(v):
    v = max(0.0, min(1.0, v))
    return int(round((v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055) * 255))


def sign_pow(v, e):
    return math.copysign(abs(v) ** e, v)


def hex_rgb(h):
    return tuple(int(h[i:i + 2], 16) for i in (1, 3, 5))


def blurhash(pixels, w, h, nx=4, ny=3):
    """The reference BlurHash encoding (woltapp/blurhash Algorithm.md) of an RGB picture."""
    factors = []
    for j in range(ny):
        for i in range(nx):
            norm = 1 if i == 0 and j == 0 else 2
            r = g = b = 0.0
            for y in range(h):
                for x in range(w):
                    basis = norm * math.cos(math.pi * i * x / w) * math.cos(math.pi * j * y / h)
                    pr, pg, pb = pixels[y][x]
                    r += basis * srgb_to_linear(pr)
                    g += basis * srgb_to_linear(pg)
                    b += basis * srgb_to_linear(pb)
            scale = 1.0 / (w * h)
            factors.append((r * scale, g * scale, b * scale))
    dc, ac = factors[0], factors[1:]
    out = encode83((nx - 1) + (ny - 1) * 9, 1)
    max_ac = max(abs(c) for f in ac for c in f) if ac else 0
    q = max(0, min(82, int(math.floor(max_ac * 166 - 0.5))))
    actual_max = (q + 1) / 166
    out += encode83(q, 1)
    out += encode83((linear_to_srgb(dc[0]) << 16) + (linear_to_srgb(dc[1]) << 8) + linear_to_srgb(dc[2]), 4)
    for f in ac:
        quant = [max(0, min(18, int(math.floor(sign_pow(c / actual_max, 0.5) * 9 + 9.5)))) for c in f]
        out += encode83(quant[0] * 19 * 19 + quant[1] * 19 + quant[2], 2)
    return out


def synthetic_picture(top, bottom, size=16):
    """A small picture for the BlurHash: a vertical blend between two colours with a soft blob."""
    t, b = hex_rgb(top), hex_rgb(bottom)
    cx, cy = rng.uniform(0.2, 0.8), rng.uniform(0.3, 0.8)
    pixels = []
    for y in range(size):
        row = []
        for x in range(size):
            k = y / (size - 1)
            blob = math.exp(-(((x / size - cx) ** 2) + ((y / size - cy) ** 2)) * 12) * 0.35
            row.append(tuple(int(max(0, min(255, t[c] * (1 - k) + b[c] * k + 255 * blob * (0.5 - k)))) for c in range(3)))
        pixels.append(row)
    return pixels


def jitter(hex_color):
    r, g, b = hex_rgb(hex_color)
    return "#%02x%02x%02x" % tuple(max(0, min(255, c + rng.randint(-18, 18))) for c in (r, g, b))


def ascii_fold(text):
    """Unsplash usernames are ASCII: "Björn García" → "bjorngarcia"."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if c.isascii() and c != "-")


def draw_unused_user():
    """The draws that gave every photo a photographer of its own before there were PHOTOGRAPHERS.
    They stay in `rng`'s sequence, unused, so that each photo keeps its id, size, colour, BlurHash,
    caption, likes and urls."""
    if rng.random() < 0.08:
        rng.choice(KOREAN)
        "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(5))
    else:
        first, last = rng.choice(FIRST), rng.choice(LAST)
        rng.choice([first + last, first + "_" + last, first + last + str(rng.randint(1, 99))])
    "".join(rng.choice(ID_CHARS[:62]) for _ in range(11))


def make_photographers():
    """PHOTOGRAPHERS distinct people, 3 of them Korean, with the profile fields of Unsplash's user:
    a few without a location or a bio, bios with CR LF inside and one long one."""
    korean = people.sample(KOREAN, 3)
    others = PHOTOGRAPHERS - len(korean)
    # Every first name once; the family names go round once before any comes again.
    firsts, lasts = people.sample(FIRST, others), people.sample(LAST, len(LAST))
    users = []
    for i in range(PHOTOGRAPHERS):
        if i < len(korean):
            name = korean[i]
            username = "seoul_" + "".join(people.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(5))
        else:
            first, last = firsts[i - len(korean)], lasts[(i - len(korean)) % len(lasts)]
            name = f"{first} {last}"
            username = people.choice([first + last, first + "_" + last, first + last + str(people.randint(1, 99))])
            username = ascii_fold(username.lower())
        users.append({"id": "".join(people.choice(ID_CHARS[:62]) for _ in range(11)), "username": username, "name": name})
    assert len({u["username"] for u in users}) == len({u["id"] for u in users}) == PHOTOGRAPHERS
    bios = [None] * 3 + [LONG_BIO] + people.sample(SHORT_BIOS, others - 4)
    locations = [None] * 3 + people.sample(LOCATIONS, others - 3)
    people.shuffle(bios)
    people.shuffle(locations)
    korean_bios, korean_locations = people.sample(KOREAN_BIOS, 3), [None] + people.sample(KOREAN_LOCATIONS, 2)
    people.shuffle(korean_locations)
    for i, user in enumerate(users):
        k = i < len(korean)
        user["bio"] = korean_bios[i] if k else bios[i - len(korean)]
        user["location"] = korean_locations[i] if k else locations[i - len(korean)]
    assert any(u["bio"] and "\r\n" in u["bio"] for u in users) and any(len(u["bio"] or "") > 200 for u in users)
    people.shuffle(users)
    return users


def assign_photographers(photos):
    """Gives each photo one of the photographers, 4 to 6 photos each, and fills in the totals the
    real profile has: total_photos at least the catalog's count (usually more: the site shows more
    than the catalog holds) and total_likes."""
    users = make_photographers()
    counts = [COUNT // PHOTOGRAPHERS] * PHOTOGRAPHERS
    assert sum(counts) == COUNT
    for _ in range(10):
        give = people.choice([i for i, c in enumerate(counts) if c > 4])
        take = people.choice([i for i, c in enumerate(counts) if c < 6 and i != give])
        counts[give], counts[take] = counts[give] - 1, counts[take] + 1
    owners = [i for i, c in enumerate(counts) for _ in range(c)]
    people.shuffle(owners)
    profiles = []
    for user, count in zip(users, counts):
        more = 0 if people.random() < 0.15 else min(2500, int(people.paretovariate(1.1) * 30))
        likes = 0 if people.random() < 0.1 else int(people.paretovariate(0.8) * 15)
        # The order of the real API's user object.
        profiles.append({"id": user["id"], "username": user["username"], "name": user["name"], "bio": user["bio"],
                         "location": user["location"], "total_likes": likes, "total_photos": count + more})
    for photo, owner in zip(photos, owners):
        photo["user"] = dict(profiles[owner])


def make_photo(n, used_ids):
    subject, alt, (top, bottom) = SUBJECTS[n % len(SUBJECTS)] if n < len(SUBJECTS) else rng.choice(SUBJECTS)
    while True:
        pid = "".join(rng.choice(ID_CHARS) for _ in range(11))
        if pid not in used_ids and pid[0] not in "_-":
            used_ids.add(pid)
            break
    width, height = rng.choice(SIZES)
    color = jitter(top if rng.random() < 0.6 else bottom)
    caption = rng.choice(CAPTION_STYLES)(subject)
    likes = int(rng.paretovariate(1.2) * 25) if rng.random() < 0.93 else rng.randint(1500, 9000)
    stamp = 1500000000000 + rng.randint(0, 230000000000)
    image = f"https://images.unsplash.com/photo-{stamp}-{''.join(rng.choice('0123456789abcdef') for _ in range(12))}"
    ixid = "M3w" + "".join(rng.choice(ID_CHARS[:62]) for _ in range(17))
    raw = f"{image}?ixid={ixid}&ixlib=rb-4.0.3"
    return {
        "id": pid,
        "width": width,
        "height": height,
        "color": color,
        "blur_hash": blurhash(synthetic_picture(top, bottom), 16, 16),
        "description": caption,
        "alt_description": alt,
        "likes": likes,
        "user": draw_unused_user(),   # replaced by assign_photographers
        "urls": {
            "raw": raw,
            "full": raw + "&q=85&fm=jpg&crop=entropy&cs=srgb",
            "regular": raw + "&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max",
            "small": raw + "&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=400&fit=max",
            "thumb": raw + "&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=200&fit=max",
        },
    }


def swift_string(s):
    if s is None:
        return "nil"
    escaped = s.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + escaped.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t") + '"'


def main():
    used = set()
    photos = [make_photo(n, used) for n in range(COUNT)]
    assign_photographers(photos)
    with open(os.path.join(ROOT, "catalog.json"), "w", encoding="utf-8") as f:
        json.dump(photos, f, ensure_ascii=False, indent=1)
        f.write("\n")
    lines = [
        "// Generated by Scripts/generate-catalog.py from the same data as catalog.json. Do not edit.",
        "// swift-format-ignore-file",
        "",
        "extension EmbeddedCatalog {",
        "    /// The catalog, in the order of catalog.json.",
        "    public static let photos: [Photo] = [",
    ]
    for p in photos:
        u, urls = p["user"], p["urls"]
        lines.append(
            f"        Photo(id: {swift_string(p['id'])}, width: {p['width']}, height: {p['height']}, "
            f"color: {swift_string(p['color'])}, blurHash: {swift_string(p['blur_hash'])}, "
            f"description: {swift_string(p['description'])}, altDescription: {swift_string(p['alt_description'])}, "
            f"likes: {p['likes']}, user: Photo.User(id: {swift_string(u['id'])}, username: {swift_string(u['username'])}, "
            f"name: {swift_string(u['name'])}, location: {swift_string(u['location'])}, bio: {swift_string(u['bio'])}, "
            f"totalPhotos: {u['total_photos']}, totalLikes: {u['total_likes']}), urls: Photo.URLs(raw: {swift_string(urls['raw'])}, "
            f"full: {swift_string(urls['full'])}, regular: {swift_string(urls['regular'])}, "
            f"small: {swift_string(urls['small'])}, thumb: {swift_string(urls['thumb'])})),"
        )
    lines += ["    ]", "}", ""]
    with open(os.path.join(ROOT, "EmbeddedCatalog+Photos.swift"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"wrote {len(photos)} photos by {len({p['user']['username'] for p in photos})} photographers")


if __name__ == "__main__":
    main()
