# photorepl: --folder shoot --preview none --browse --listing 5:10dce9e519c340c9
Found 5 photos in shoot.
Sorted by name (other orders: taken, size, camera, iso, focal, rating).
▸ 1  DSC09876.tif
  2  IMG_0412.HEIC
  3  IMG_5D.jpg
  4  harbour.jpg
  5  leaf.png
● ○ ○ ○ ○  1/5
photos> open 1
Photo 1 of 5
  id           DSC09876.tif
  description  (no description)
  author       unknown
  taken        2020-09-14 11:09:34 -05:00
  camera       SONY ILCE-7SM3
  lens         FE 24-70mm F2.8 GM
  exposure     f/3.2 · 1/200 s · ISO 80 · 48 mm
  flash        fired
  size         160 × 240
  file         19 KB TIFF
  rating       ★★☆☆☆
  keywords     street
photos/detail 1> rate 4
DSC09876.tif rated 4 ★★★★☆: written to DSC09876.tif.xmp (a new sidecar)
photos/detail 1> next
Photo 2 of 5
  id           IMG_0412.HEIC
  description  Sunset over the bay
  author       Ada Lovelace
  taken        2023-02-21 14:33:08 +03:00
  camera       Apple iPhone 13 Pro
  lens         iPhone 13 Pro back dual wide camera 5.7mm f/1.5
  exposure     f/1.5 · 1/121 s · ISO 125 · 5.7 mm (26 mm in 35 mm)
  flash        did not fire
  size         320 × 200
  file         3.8 KB HEIC
photos/detail 2> reject
IMG_0412.HEIC rejected ✗: written to IMG_0412.HEIC.xmp (a new sidecar)
photos/detail 2> next
Photo 3 of 5
  id           IMG_5D.jpg
  description  (no description)
  author       unknown
  taken        2009-08-15 17:45:00
  camera       Canon EOS 5D
  lens         Canon EF 50mm f/1.8
  size         1200 × 900
  file         74 KB JPEG
photos/detail 3> rate 5
IMG_5D.jpg rated 5 ★★★★★: written to IMG_5D.jpg.xmp (a new sidecar)
photos/detail 3> label red
IMG_5D.jpg labelled Red: written to IMG_5D.jpg.xmp
photos/detail 3> keyword add harbour "trips|2024|Crimea"
IMG_5D.jpg keywords harbour, trips, 2024, Crimea: written to IMG_5D.jpg.xmp
photos/detail 3> next
Photo 4 of 5
  id           harbour.jpg
  description  Sunset over the bay
  author       Ada Lovelace
  taken        2024-06-01 06:12:40 +02:00
  camera       Canon EOS R5
  lens         RF24-70mm F2.8 L IS USM
  exposure     f/8 · 1/500 s · ISO 200 · 35 mm (35 mm in 35 mm)
  flash        did not fire
  place        44.85048, 34.97665 · 29.1 m
  map          https://www.openstreetmap.org/?mlat=44.85048&mlon=34.97665
  size         320 × 200
  file         10 KB JPEG
  rating       ★★★★☆
  label        Red
  keywords     harbour, dawn
photos/detail 4> rate 3
harbour.jpg rated 3 ★★★☆☆: written to harbour.jpg.xmp (a new sidecar)
photos/detail 4> undo
undid 'rate 3' on harbour.jpg: harbour.jpg.xmp removed (photorepl had made it)
photos/detail 4> rate 2
harbour.jpg rated 2 ★★☆☆☆: written to harbour.jpg.xmp (a new sidecar)
photos/detail 4> next
Photo 5 of 5
  id           leaf.png
  description  (no description)
  author       unknown
  size         200 × 200
  file         1.1 KB PNG
photos/detail 5> label green
leaf.png labelled Green: written to leaf.png.xmp (a new sidecar)
photos/detail 5> rate 9
error: a rating is 0…5 stars, not 9 (type e.g. 'rate 4'; 'reject' rejects)
photos/detail 5> label pink
error: label takes red, yellow, green, blue, purple or none, not 'pink' (type e.g. 'label red')
photos/detail 5> back
  1  DSC09876.tif   ★★★★☆              street
  2  IMG_0412.HEIC  ✗ rejected
  3  IMG_5D.jpg     ★★★★★       Red    harbour, trips, 2024, Crimea
  4  harbour.jpg    ★★☆☆☆       Red    harbour, dawn
▸ 5  leaf.png                   Green
○ ○ ○ ○ ●  5/5
photos> sort rating
Sorted by rating, highest first (other orders: name, taken, size, camera, iso, focal).
  1  IMG_5D.jpg     ★★★★★       Red    harbour, trips, 2024, Crimea
  2  DSC09876.tif   ★★★★☆              street
  3  harbour.jpg    ★★☆☆☆       Red    harbour, dawn
▸ 4  leaf.png                   Green
  5  IMG_0412.HEIC  ✗ rejected
○ ○ ○ ● ○  4/5
photos> filter rating >=4
2 of 5 photos: rating >=4
▸ 1  IMG_5D.jpg    ★★★★★  Red  harbour, trips, 2024, Crimea
  2  DSC09876.tif  ★★★★☆       street
● ○  1/2
photos> filter clear
No filters: all 5 photos are listed.
▸ 1  IMG_5D.jpg     ★★★★★       Red    harbour, trips, 2024, Crimea
  2  DSC09876.tif   ★★★★☆              street
  3  harbour.jpg    ★★☆☆☆       Red    harbour, dawn
  4  leaf.png                   Green
  5  IMG_0412.HEIC  ✗ rejected
● ○ ○ ○ ○  1/5
photos> filter rejected
1 of 5 photos: rejected
▸ 1  IMG_0412.HEIC  ✗ rejected
●  1/1
photos> filter clear
No filters: all 5 photos are listed.
  1  IMG_5D.jpg     ★★★★★       Red    harbour, trips, 2024, Crimea
  2  DSC09876.tif   ★★★★☆              street
  3  harbour.jpg    ★★☆☆☆       Red    harbour, dawn
  4  leaf.png                   Green
▸ 5  IMG_0412.HEIC  ✗ rejected
○ ○ ○ ○ ●  5/5
photos> filter label red
2 of 5 photos: label red
▸ 1  IMG_5D.jpg   ★★★★★  Red  harbour, trips, 2024, Crimea
  2  harbour.jpg  ★★☆☆☆  Red  harbour, dawn
● ○  1/2
photos> next
▸ 2  harbour.jpg
○ ●  2/2
photos> rate 4
harbour.jpg rated 4 ★★★★☆: written to harbour.jpg.xmp
photos> keyword add keeper
harbour.jpg keywords harbour, dawn, keeper: written to harbour.jpg.xmp
photos> list
2 photos:
2 of 5 photos: label red
  1  IMG_5D.jpg   ★★★★★  Red  harbour, trips, 2024, Crimea
▸ 2  harbour.jpg  ★★★★☆  Red  harbour, dawn, keeper
○ ●  2/2
photos> undo
undid 'keyword add keeper' on harbour.jpg: harbour.jpg.xmp is as it was
photos> grid
Sheet 1 of 1 (photos 1–2 of 2):
 1 IMG_5D.jpg       ▸2 harbour.jpg
photos> label yellow
harbour.jpg labelled Yellow: written to harbour.jpg.xmp
photos> list
2 photos:
2 of 5 photos: label red
  1  IMG_5D.jpg   ★★★★★  Red     harbour, trips, 2024, Crimea
▸ 2  harbour.jpg  ★★★★☆  Yellow  harbour, dawn
○ ●  2/2
photos> paths
shoot/IMG_5D.jpg
shoot/harbour.jpg
photos> copy picks --dry-run
Would copy 2 photos and 2 sidecars (89 KB) to picks (a new folder):
  IMG_5D.jpg → picks/IMG_5D.jpg
  IMG_5D.jpg.xmp → picks/IMG_5D.jpg.xmp
  harbour.jpg → picks/harbour.jpg
  harbour.jpg.xmp → picks/harbour.jpg.xmp
Nothing was copied (--dry-run).
photos> copy picks
error: Copy 2 photos and 2 sidecars (89 KB) to picks (a new folder) only with --yes here, where no one is asked (type 'copy picks --yes'; --dry-run shows what it copies)
photos> copy picks --yes
Copied 2 photos and 2 sidecars (89 KB) to picks ('undo' removes the copies).
photos> copy picks --yes
error: copy refused: picks/IMG_5D.jpg, picks/IMG_5D.jpg.xmp, picks/harbour.jpg and 1 more are there already: nothing copied; add --suffix to copy as NAME-1.EXT, or choose another folder
photos> undo
undid 'copy picks --yes': 4 copied files removed from picks
photos> filter clear
No filters: all 5 photos are listed.
  1  IMG_5D.jpg     ★★★★★       Red     harbour, trips, 2024, Crimea
  2  DSC09876.tif   ★★★★☆               street
▸ 3  harbour.jpg    ★★★★☆       Yellow  harbour, dawn
  4  leaf.png                   Green
  5  IMG_0412.HEIC  ✗ rejected
○ ○ ● ○ ○  3/5
photos> filter rejected
1 of 5 photos: rejected
▸ 1  IMG_0412.HEIC  ✗ rejected
●  1/1
photos> move rejects --dry-run
Would move 1 photo and 1 sidecar (6.2 KB) to rejects (a new folder):
  IMG_0412.HEIC → rejects/IMG_0412.HEIC
  IMG_0412.HEIC.xmp → rejects/IMG_0412.HEIC.xmp
Nothing was moved (--dry-run).
photos> move rejects --yes
Moved 1 photo and 1 sidecar (6.2 KB) to rejects ('undo' moves them back).
No photos are left in this list through the filters ('filter clear' shows every photo).
photos> filter clear
No filters: all 4 photos are listed.
▸ 1  IMG_5D.jpg    ★★★★★  Red     harbour, trips, 2024, Crimea
  2  DSC09876.tif  ★★★★☆          street
  3  harbour.jpg   ★★★★☆  Yellow  harbour, dawn
  4  leaf.png             Green
● ○ ○ ○  1/4
photos> open 1
Photo 1 of 4
  id           IMG_5D.jpg
  description  (no description)
  author       unknown
  taken        2009-08-15 17:45:00
  camera       Canon EOS 5D
  lens         Canon EF 50mm f/1.8
  size         1200 × 900
  file         74 KB JPEG
  rating       ★★★★★
  label        Red
  keywords     harbour, trips, 2024, Crimea
photos/detail 1> move 2
Move photo 1 to which position? (1…4)
  [1]  2  3  4
Photo 2 of 4
  id           IMG_5D.jpg
  description  (no description)
  author       unknown
  taken        2009-08-15 17:45:00
  camera       Canon EOS 5D
  lens         Canon EF 50mm f/1.8
  size         1200 × 900
  file         74 KB JPEG
  rating       ★★★★★
  label        Red
  keywords     harbour, trips, 2024, Crimea
photos/detail 2> move ./older --yes
Moved 1 photo and 1 sidecar (77 KB) to ./older ('undo' moves them back).
Found 3 photos in shoot.
No filters: all 3 photos are listed.
▸ 1  DSC09876.tif  ★★★★☆          street
  2  harbour.jpg   ★★★★☆  Yellow  harbour, dawn
  3  leaf.png             Green
● ○ ○  1/3
photos> undo
undid 'move ./older --yes': 2 files moved back from ./older
Found 4 photos in shoot.
No filters: all 4 photos are listed.
  1  IMG_5D.jpg    ★★★★★  Red     harbour, trips, 2024, Crimea
▸ 2  DSC09876.tif  ★★★★☆          street
  3  harbour.jpg   ★★★★☆  Yellow  harbour, dawn
  4  leaf.png             Green
○ ● ○ ○  2/4
photos> undo
undid 'move rejects --yes': 2 files moved back from rejects
Found 5 photos in shoot.
No filters: all 5 photos are listed.
  1  IMG_5D.jpg     ★★★★★       Red     harbour, trips, 2024, Crimea
▸ 2  DSC09876.tif   ★★★★☆               street
  3  harbour.jpg    ★★★★☆       Yellow  harbour, dawn
  4  leaf.png                   Green
  5  IMG_0412.HEIC  ✗ rejected
○ ● ○ ○ ○  2/5
