# photorepl: --folder photos --thumbnails cache --preview ascii --preview-size 24x8
count: 0
photos> count 2
count: 2
photos> fetch
Found 2 photos in photos.
Fetched 2 photos.
▸ 1  sunset.jpg  Sunset over the bay               Ada Lovelace
  2  camera.jpg  A camera's photo with previews
● ○  1/2
photos> open 1
........................
::::::::::::::::::::::::
------------------------
=============+%@@#======
+++++++++++++#@@@@++++++
==============*#*+======
..............---:......
              .-:
Photo 1 of 2
  id           sunset.jpg
  description  Sunset over the bay
  author       Ada Lovelace
  size         320 × 200
  file         6.7 KB JPEG
photos/detail 1> show --why
........................
::::::::::::::::::::::::
------------------------
=============+%@@#======
+++++++++++++#@@@@++++++
==============*#*+======
..............---:......
              .-:
picture: from the large thumbnail (256×160) in the thumbnail cache, made by photorepl
Photo 1 of 2
  id           sunset.jpg
  description  Sunset over the bay
  author       Ada Lovelace
  size         320 × 200
  file         6.7 KB JPEG
photos/detail 1> back
▸ 1  sunset.jpg  Sunset over the bay               Ada Lovelace
  2  camera.jpg  A camera's photo with previews
● ○  1/2
photos> open 2
......................
::::::::::::::::::::::
----------------------
============#@@@*=====
++++++++++++@@@@@+++++
============+***+=====
............:---......
             .-.
Photo 2 of 2
  id           camera.jpg
  description  A camera's photo with previews
  author       unknown
  size         1200 × 900
  file         77 KB JPEG
photos/detail 2> show --why
......................
::::::::::::::::::::::
----------------------
============#@@@*=====
++++++++++++@@@@@+++++
============+***+=====
............:---......
             .-.
picture: from the large thumbnail (256×192) in the thumbnail cache, made by photorepl
Photo 2 of 2
  id           camera.jpg
  description  A camera's photo with previews
  author       unknown
  size         1200 × 900
  file         77 KB JPEG
