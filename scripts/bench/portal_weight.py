"""(w) of scripts/bench-otp.sh: the compressed bytes a first visit to /me fetches beyond the
public site's first load, from the Vite manifest of apps/public/dist: the portal page's chunk
and the chunks and styles it imports, less those the entry already loads (gzip -9 sizes)."""
import gzip
import json
import sys
from pathlib import Path

dist = Path(sys.argv[1])
manifest = json.loads((dist / ".vite" / "manifest.json").read_text())


def closure(key, seen):
    if key in seen:
        return seen
    seen.add(key)
    for imported in manifest[key].get("imports", []):
        closure(imported, seen)
    return seen


def files(keys):
    out = set()
    for key in keys:
        entry = manifest[key]
        out.add(entry["file"])
        out.update(entry.get("css", []))
    return out


def gz(name):
    return len(gzip.compress((dist / name).read_bytes(), 9))


entry = next(k for k, v in manifest.items() if v.get("isEntry"))
portal = next(k for k in manifest if k.endswith("features/portal/PortalPage.tsx"))
first = files(closure(entry, set()))
page = files(closure(portal, set())) - first
js = sum(gz(f) for f in page if f.endswith(".js"))
css = sum(gz(f) for f in page if f.endswith(".css"))
print(f"(w) /me beyond the first load: {js / 1024:.1f} KiB of JavaScript and {css / 1024:.1f} KiB of CSS, gzip "
      f"(target: at most 60 KB of JavaScript); files: {', '.join(sorted(page))}")
