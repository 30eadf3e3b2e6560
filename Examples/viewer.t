# photorepl: --folder photos --preview none --browse --listing 4:b823061af0de5ee9
Found 5 photos in photos (1 file skipped: 1 not named as a photo).
Sorted by name (other orders: taken, size, camera, iso, focal, rating).
▸ 1  fake.jpg
  2  nested/deeper/leaf.png
  3  nested/gray.png
  4  rotated.jpg
  5  sunset.jpg
● ○ ○ ○ ○  1/5
photos> open 2
Photo 2 of 5
  id           nested/deeper/leaf.png
  description  (no description)
  author       unknown
  size         200 × 200
  file         1.1 KB PNG
photos/detail 2> open 4
Photo 4 of 5
  id           rotated.jpg
  description  Rotated by EXIF (orientation 6)
  author       unknown
  size         160 × 240
  file         3.9 KB JPEG
photos/detail 4> open sunset
Photo 5 of 5
  id           sunset.jpg
  description  Sunset over the bay
  author       Ada Lovelace
  size         320 × 200
  file         6.7 KB JPEG
photos/detail 5> open Nested/Gray.PNG
Photo 3 of 5
  id           nested/gray.png
  description  (no description)
  author       unknown
  size         64 × 48
  file         110 bytes PNG
photos/detail 3> sort size
Sorted by size, largest first (other orders: name, taken, camera, iso, focal, rating).
  1  sunset.jpg              6.7 KB
  2  rotated.jpg             3.9 KB
  3  nested/deeper/leaf.png  1.1 KB
▸ 4  nested/gray.png         110 bytes
  5  fake.jpg                19 bytes
○ ○ ○ ● ○  4/5
photos> open leaf
Photo 3 of 5
  id           nested/deeper/leaf.png
  description  (no description)
  author       unknown
  size         200 × 200
  file         1.1 KB PNG
photos/detail 3> search jpg
Found 2 photos for "jpg":
▸ 1  rotated.jpg  Rotated by EXIF (orientation 6)
  2  sunset.jpg   Sunset over the bay               Ada Lovelace
● ○  1/2
photos/search> open rotated
Photo 1 of 2
  id           rotated.jpg
  description  Rotated by EXIF (orientation 6)
  author       unknown
  size         160 × 240
  file         3.9 KB JPEG
photos/search/detail 1> back
Found 2 photos for "jpg":
▸ 1  rotated.jpg  Rotated by EXIF (orientation 6)
  2  sunset.jpg   Sunset over the bay               Ada Lovelace
● ○  1/2
photos/search> back
photos> open sunst
error: no photo listed is named 'sunst': did you mean 'sunset.jpg'? (type e.g. 'open 1' or 'open sunset.jpg')
photos> open 1
Photo 1 of 5
  id           sunset.jpg
  description  Sunset over the bay
  author       Ada Lovelace
  size         320 × 200
  file         6.7 KB JPEG
photos/detail 1> grid
Sheet 1 of 1 (photos 1–5 of 5):
▸1 sunset.jpg        2 rotated.jpg       3 leaf.png          4 gray.png
 5 fake.jpg
