# photorepl: --folder photos --preview ascii --preview-size 24x8
count: 0
photos> count 4
count: 4
photos> fetch
Found 4 photos in photos (2 files skipped: 2 not an image).
Fetched 4 photos.
▸ 1  rotated.jpg             Rotated by EXIF (orientation 6)
  2  nested/gray.png
  3  nested/deeper/leaf.png
  4  sunset.jpg              Sunset over the bay               Ada Lovelace
● ○ ○ ○  1/4
photos> open 4
........................
::::::::::::::::::::::::
------------------------
=============+%@@#======
+++++++++++++#@@@@++++++
==============*#*+======
..............---:......
              .-:
Photo 4 of 4
  id           sunset.jpg
  description  Sunset over the bay
  author       Ada Lovelace
  size         320 × 200
  file         6.7 KB JPEG
photos/detail 4> state --json
{"stack":["collection","detail"],"count":4,"photos":["rotated.jpg","nested/gray.png","nested/deeper/leaf.png","sunset.jpg"],"page":4,"source":"folder","layout":"list","index":4,"photo":{"id":"sunset.jpg","width":320,"height":200,"fileSize":6732,"format":"JPEG"}}
photos/detail 4> author
Ada Lovelace
  totals  1 photo
1 photo:
▸ 1  sunset.jpg  Sunset over the bay
●  1/1
photos/detail 4/author> state --json
{"stack":["collection","detail","author"],"count":4,"photos":["rotated.jpg","nested/gray.png","nested/deeper/leaf.png","sunset.jpg"],"page":4,"source":"folder","layout":"list","index":4,"photo":{"id":"sunset.jpg","width":320,"height":200,"fileSize":6732,"format":"JPEG"},"author":"Ada Lovelace","authorPhotos":["sunset.jpg"],"authorPage":1}
photos/detail 4/author> open 1
........................
::::::::::::::::::::::::
------------------------
=============+%@@#======
+++++++++++++#@@@@++++++
==============*#*+======
..............---:......
              .-:
Photo 1 of 1
  id           sunset.jpg
  description  Sunset over the bay
  author       Ada Lovelace
  size         320 × 200
  file         6.7 KB JPEG
photos/detail 4/author/detail 1> state --json
{"stack":["collection","detail","author","detail"],"count":4,"photos":["rotated.jpg","nested/gray.png","nested/deeper/leaf.png","sunset.jpg"],"page":4,"source":"folder","layout":"list","index":4,"photo":{"id":"sunset.jpg","width":320,"height":200,"fileSize":6732,"format":"JPEG"},"author":"Ada Lovelace","authorPhotos":["sunset.jpg"],"authorPage":1,"authorIndex":1,"authorPhoto":{"id":"sunset.jpg","width":320,"height":200,"fileSize":6732,"format":"JPEG"}}
photos/detail 4/author/detail 1> back
Ada Lovelace
  totals  1 photo
1 photo:
▸ 1  sunset.jpg  Sunset over the bay
●  1/1
photos/detail 4/author> state --json
{"stack":["collection","detail","author"],"count":4,"photos":["rotated.jpg","nested/gray.png","nested/deeper/leaf.png","sunset.jpg"],"page":4,"source":"folder","layout":"list","index":4,"photo":{"id":"sunset.jpg","width":320,"height":200,"fileSize":6732,"format":"JPEG"},"author":"Ada Lovelace","authorPhotos":["sunset.jpg"],"authorPage":1}
photos/detail 4/author> back
Photo 4 of 4
  id           sunset.jpg
  description  Sunset over the bay
  author       Ada Lovelace
  size         320 × 200
  file         6.7 KB JPEG
photos/detail 4> state --json
{"stack":["collection","detail"],"count":4,"photos":["rotated.jpg","nested/gray.png","nested/deeper/leaf.png","sunset.jpg"],"page":4,"source":"folder","layout":"list","index":4,"photo":{"id":"sunset.jpg","width":320,"height":200,"fileSize":6732,"format":"JPEG"}}
photos/detail 4> back
  1  rotated.jpg             Rotated by EXIF (orientation 6)
  2  nested/gray.png
  3  nested/deeper/leaf.png
▸ 4  sunset.jpg              Sunset over the bay               Ada Lovelace
○ ○ ○ ●  4/4
photos> state --json
{"stack":["collection"],"count":4,"photos":["rotated.jpg","nested/gray.png","nested/deeper/leaf.png","sunset.jpg"],"page":4,"source":"folder","layout":"list"}
