# photorepl: --folder formats --preview ascii --preview-size 32x8
count: 0
photos> count 14
count: 14
photos> fetch
Found 14 photos in formats.
Fetched 14 photos.
▸  1  rotated.avif  Rotated by EXIF (orientation 6)
   2  camera.cr3    A Canon CR3-shaped RAW
   3  camera.nef    A Nikon NEF-shaped RAW
   4  camera.jpg    A camera's photo with previews
   5  sunset.jpg    Sunset over the bay               Ada Lovelace
   6  rotated.webp  Rotated by EXIF (orientation 6)
   7  leaf.png
   8  sunset.heic   Sunset over the bay               Ada Lovelace
   9  camera.cr2    A Canon CR2-shaped RAW
  10  leaf.gif
  11  camera.arw    A Sony ARW-shaped RAW
  12  sunset.jxl    Sunset over the bay               Ada Lovelace
  13  scan.tif
  14  camera.dng    A camera's RAW file with previe…
● ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○  1/14
photos> open 1
#+*%%#%%%%%
%*#%=.-%%%%
%%#:...:#%%
%#--...--#%
%%%#...#%%%
%%%#.. #%%%
%%%#.. #%%%
%%%%===%%%%
Photo 1 of 14
  id           rotated.avif
  description  Rotated by EXIF (orientation 6)
  author       unknown
  size         160 × 240
  file         1.2 KB AVIF
photos/detail 1> show --why
#+*%%#%%%%%
%*#%=.-%%%%
%%#:...:#%%
%#--...--#%
%%%#...#%%%
%%%#.. #%%%
%%%#.. #%%%
%%%%===%%%%
picture: from the AVIF itself, 160×240
Photo 1 of 14
  id           rotated.avif
  description  Rotated by EXIF (orientation 6)
  author       unknown
  size         160 × 240
  file         1.2 KB AVIF
photos/detail 1> back
▸  1  rotated.avif  Rotated by EXIF (orientation 6)
   2  camera.cr3    A Canon CR3-shaped RAW
   3  camera.nef    A Nikon NEF-shaped RAW
   4  camera.jpg    A camera's photo with previews
   5  sunset.jpg    Sunset over the bay               Ada Lovelace
   6  rotated.webp  Rotated by EXIF (orientation 6)
   7  leaf.png
   8  sunset.heic   Sunset over the bay               Ada Lovelace
   9  camera.cr2    A Canon CR2-shaped RAW
  10  leaf.gif
  11  camera.arw    A Sony ARW-shaped RAW
  12  sunset.jxl    Sunset over the bay               Ada Lovelace
  13  scan.tif
  14  camera.dng    A camera's RAW file with previe…
● ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○  1/14
photos> open 2
......................
::::::::::::::::::::::
----------------------
============#@@@*=====
++++++++++++@@@@@+++++
============+***+=====
............:---......
             .-.
Photo 2 of 14
  id           camera.cr3
  description  A Canon CR3-shaped RAW
  author       unknown
  camera       Canon EOS R5
  size         4000 × 3000
  file         22 KB camera RAW
photos/detail 2> show --why
......................
::::::::::::::::::::::
----------------------
============#@@@*=====
++++++++++++@@@@@+++++
============+***+=====
............:---......
             .-.
picture: from the CR3 JPEG preview (640×480) inside the 4000×3000 photo, decoded at 240×180
Photo 2 of 14
  id           camera.cr3
  description  A Canon CR3-shaped RAW
  author       unknown
  camera       Canon EOS R5
  size         4000 × 3000
  file         22 KB camera RAW
photos/detail 2> back
   1  rotated.avif  Rotated by EXIF (orientation 6)
▸  2  camera.cr3    A Canon CR3-shaped RAW
   3  camera.nef    A Nikon NEF-shaped RAW
   4  camera.jpg    A camera's photo with previews
   5  sunset.jpg    Sunset over the bay               Ada Lovelace
   6  rotated.webp  Rotated by EXIF (orientation 6)
   7  leaf.png
   8  sunset.heic   Sunset over the bay               Ada Lovelace
   9  camera.cr2    A Canon CR2-shaped RAW
  10  leaf.gif
  11  camera.arw    A Sony ARW-shaped RAW
  12  sunset.jxl    Sunset over the bay               Ada Lovelace
  13  scan.tif
  14  camera.dng    A camera's RAW file with previe…
○ ● ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○  2/14
photos> open 3
......................
::::::::::::::::::::::
----------------------
============#@@@*=====
++++++++++++@@@@@+++++
============+***+=====
............:---......
             .-.
Photo 3 of 14
  id           camera.nef
  description  A Nikon NEF-shaped RAW
  author       unknown
  camera       NIKON D850
  size         4000 × 3000
  file         22 KB TIFF
photos/detail 3> show --why
......................
::::::::::::::::::::::
----------------------
============#@@@*=====
++++++++++++@@@@@+++++
============+***+=====
............:---......
             .-.
picture: from the NEF JPEG preview (640×480) inside the 4000×3000 photo, decoded at 240×180
Photo 3 of 14
  id           camera.nef
  description  A Nikon NEF-shaped RAW
  author       unknown
  camera       NIKON D850
  size         4000 × 3000
  file         22 KB TIFF
photos/detail 3> back
   1  rotated.avif  Rotated by EXIF (orientation 6)
   2  camera.cr3    A Canon CR3-shaped RAW
▸  3  camera.nef    A Nikon NEF-shaped RAW
   4  camera.jpg    A camera's photo with previews
   5  sunset.jpg    Sunset over the bay               Ada Lovelace
   6  rotated.webp  Rotated by EXIF (orientation 6)
   7  leaf.png
   8  sunset.heic   Sunset over the bay               Ada Lovelace
   9  camera.cr2    A Canon CR2-shaped RAW
  10  leaf.gif
  11  camera.arw    A Sony ARW-shaped RAW
  12  sunset.jxl    Sunset over the bay               Ada Lovelace
  13  scan.tif
  14  camera.dng    A camera's RAW file with previe…
○ ○ ● ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○  3/14
photos> open 4
......................
::::::::::::::::::::::
----------------------
============#@@@*=====
++++++++++++@@@@@+++++
============+***+=====
............:---......
             .-.
Photo 4 of 14
  id           camera.jpg
  description  A camera's photo with previews
  author       unknown
  size         1200 × 900
  file         77 KB JPEG
photos/detail 4> show --why
......................
::::::::::::::::::::::
----------------------
============#@@@*=====
++++++++++++@@@@@+++++
============+***+=====
............:---......
             .-.
picture: from the MPF preview (640×480) inside the 1200×900 photo, decoded at 240×180
Photo 4 of 14
  id           camera.jpg
  description  A camera's photo with previews
  author       unknown
  size         1200 × 900
  file         77 KB JPEG
photos/detail 4> back
   1  rotated.avif  Rotated by EXIF (orientation 6)
   2  camera.cr3    A Canon CR3-shaped RAW
   3  camera.nef    A Nikon NEF-shaped RAW
▸  4  camera.jpg    A camera's photo with previews
   5  sunset.jpg    Sunset over the bay               Ada Lovelace
   6  rotated.webp  Rotated by EXIF (orientation 6)
   7  leaf.png
   8  sunset.heic   Sunset over the bay               Ada Lovelace
   9  camera.cr2    A Canon CR2-shaped RAW
  10  leaf.gif
  11  camera.arw    A Sony ARW-shaped RAW
  12  sunset.jxl    Sunset over the bay               Ada Lovelace
  13  scan.tif
  14  camera.dng    A camera's RAW file with previe…
○ ○ ○ ● ○ ○ ○ ○ ○ ○ ○ ○ ○ ○  4/14
photos> open 5
..........................
::::::::::::::::::::::::::
--------------------------
==============+%@@%+======
++++++++++++++*@@@@#++++++
===============**#*=======
...............:---.......
                ::.
Photo 5 of 14
  id           sunset.jpg
  description  Sunset over the bay
  author       Ada Lovelace
  size         320 × 200
  file         6.7 KB JPEG
photos/detail 5> show --why
..........................
::::::::::::::::::::::::::
--------------------------
==============+%@@%+======
++++++++++++++*@@@@#++++++
===============**#*=======
...............:---.......
                ::.
picture: from the JPEG itself (320×200), decoded at 240×150
Photo 5 of 14
  id           sunset.jpg
  description  Sunset over the bay
  author       Ada Lovelace
  size         320 × 200
  file         6.7 KB JPEG
photos/detail 5> back
   1  rotated.avif  Rotated by EXIF (orientation 6)
   2  camera.cr3    A Canon CR3-shaped RAW
   3  camera.nef    A Nikon NEF-shaped RAW
   4  camera.jpg    A camera's photo with previews
▸  5  sunset.jpg    Sunset over the bay               Ada Lovelace
   6  rotated.webp  Rotated by EXIF (orientation 6)
   7  leaf.png
   8  sunset.heic   Sunset over the bay               Ada Lovelace
   9  camera.cr2    A Canon CR2-shaped RAW
  10  leaf.gif
  11  camera.arw    A Sony ARW-shaped RAW
  12  sunset.jxl    Sunset over the bay               Ada Lovelace
  13  scan.tif
  14  camera.dng    A camera's RAW file with previe…
○ ○ ○ ○ ● ○ ○ ○ ○ ○ ○ ○ ○ ○  5/14
photos> open 6
#+*%%#%%%%%
%*#%=.-%%%%
%%#:  .:#%%
%#--   --#%
%%%#   #%%%
%%%#   #%%%
%%%#   #%%%
%%%%===%%%%
Photo 6 of 14
  id           rotated.webp
  description  Rotated by EXIF (orientation 6)
  author       unknown
  size         160 × 240
  file         1.3 KB WebP
photos/detail 6> show --why
#+*%%#%%%%%
%*#%=.-%%%%
%%#:  .:#%%
%#--   --#%
%%%#   #%%%
%%%#   #%%%
%%%#   #%%%
%%%%===%%%%
picture: from the WebP itself (160×240), decoded at 85×128
Photo 6 of 14
  id           rotated.webp
  description  Rotated by EXIF (orientation 6)
  author       unknown
  size         160 × 240
  file         1.3 KB WebP
photos/detail 6> back
   1  rotated.avif  Rotated by EXIF (orientation 6)
   2  camera.cr3    A Canon CR3-shaped RAW
   3  camera.nef    A Nikon NEF-shaped RAW
   4  camera.jpg    A camera's photo with previews
   5  sunset.jpg    Sunset over the bay               Ada Lovelace
▸  6  rotated.webp  Rotated by EXIF (orientation 6)
   7  leaf.png
   8  sunset.heic   Sunset over the bay               Ada Lovelace
   9  camera.cr2    A Canon CR2-shaped RAW
  10  leaf.gif
  11  camera.arw    A Sony ARW-shaped RAW
  12  sunset.jxl    Sunset over the bay               Ada Lovelace
  13  scan.tif
  14  camera.dng    A camera's RAW file with previe…
○ ○ ○ ○ ○ ● ○ ○ ○ ○ ○ ○ ○ ○  6/14
photos> open 7
      ....
   .:......:.
  :..-====-. :.
 :. ========..:
 :. ========..:
  :..-====-. :.
   .:......::
      ....
Photo 7 of 14
  id           leaf.png
  description  (no description)
  author       unknown
  size         200 × 200
  file         1.1 KB PNG
photos/detail 7> show --why
      ....
   .:......:.
  :..-====-. :.
 :. ========..:
 :. ========..:
  :..-====-. :.
   .:......::
      ....
picture: from the PNG itself, 200×200
Photo 7 of 14
  id           leaf.png
  description  (no description)
  author       unknown
  size         200 × 200
  file         1.1 KB PNG
photos/detail 7> back
   1  rotated.avif  Rotated by EXIF (orientation 6)
   2  camera.cr3    A Canon CR3-shaped RAW
   3  camera.nef    A Nikon NEF-shaped RAW
   4  camera.jpg    A camera's photo with previews
   5  sunset.jpg    Sunset over the bay               Ada Lovelace
   6  rotated.webp  Rotated by EXIF (orientation 6)
▸  7  leaf.png
   8  sunset.heic   Sunset over the bay               Ada Lovelace
   9  camera.cr2    A Canon CR2-shaped RAW
  10  leaf.gif
  11  camera.arw    A Sony ARW-shaped RAW
  12  sunset.jxl    Sunset over the bay               Ada Lovelace
  13  scan.tif
  14  camera.dng    A camera's RAW file with previe…
○ ○ ○ ○ ○ ○ ● ○ ○ ○ ○ ○ ○ ○  7/14
photos> open 8
..........................
::::::::::::::::::::::::::
--------------------------
===============#@@%+======
++++++++++++++*@@@@#++++++
===============*##*+======
...............:---.......
................::..
Photo 8 of 14
  id           sunset.heic
  description  Sunset over the bay
  author       Ada Lovelace
  size         320 × 200
  file         3.5 KB HEIC
photos/detail 8> show --why
..........................
::::::::::::::::::::::::::
--------------------------
===============#@@%+======
++++++++++++++*@@@@#++++++
===============*##*+======
...............:---.......
................::..
picture: from the HEIF thumbnail (256×160) inside the 320×200 photo
Photo 8 of 14
  id           sunset.heic
  description  Sunset over the bay
  author       Ada Lovelace
  size         320 × 200
  file         3.5 KB HEIC
photos/detail 8> back
   1  rotated.avif  Rotated by EXIF (orientation 6)
   2  camera.cr3    A Canon CR3-shaped RAW
   3  camera.nef    A Nikon NEF-shaped RAW
   4  camera.jpg    A camera's photo with previews
   5  sunset.jpg    Sunset over the bay               Ada Lovelace
   6  rotated.webp  Rotated by EXIF (orientation 6)
   7  leaf.png
▸  8  sunset.heic   Sunset over the bay               Ada Lovelace
   9  camera.cr2    A Canon CR2-shaped RAW
  10  leaf.gif
  11  camera.arw    A Sony ARW-shaped RAW
  12  sunset.jxl    Sunset over the bay               Ada Lovelace
  13  scan.tif
  14  camera.dng    A camera's RAW file with previe…
○ ○ ○ ○ ○ ○ ○ ● ○ ○ ○ ○ ○ ○  8/14
photos> open 9
......................
::::::::::::::::::::::
----------------------
============#@@@*=====
++++++++++++@@@@@+++++
============+***+=====
............:---......
             .-.
Photo 9 of 14
  id           camera.cr2
  description  A Canon CR2-shaped RAW
  author       unknown
  camera       Canon EOS 5D Mark IV
  size         4000 × 3000
  file         22 KB camera RAW
photos/detail 9> show --why
......................
::::::::::::::::::::::
----------------------
============#@@@*=====
++++++++++++@@@@@+++++
============+***+=====
............:---......
             .-.
picture: from the CR2 JPEG preview (640×480) inside the 4000×3000 photo, decoded at 240×180
Photo 9 of 14
  id           camera.cr2
  description  A Canon CR2-shaped RAW
  author       unknown
  camera       Canon EOS 5D Mark IV
  size         4000 × 3000
  file         22 KB camera RAW
photos/detail 9> back
   1  rotated.avif  Rotated by EXIF (orientation 6)
   2  camera.cr3    A Canon CR3-shaped RAW
   3  camera.nef    A Nikon NEF-shaped RAW
   4  camera.jpg    A camera's photo with previews
   5  sunset.jpg    Sunset over the bay               Ada Lovelace
   6  rotated.webp  Rotated by EXIF (orientation 6)
   7  leaf.png
   8  sunset.heic   Sunset over the bay               Ada Lovelace
▸  9  camera.cr2    A Canon CR2-shaped RAW
  10  leaf.gif
  11  camera.arw    A Sony ARW-shaped RAW
  12  sunset.jxl    Sunset over the bay               Ada Lovelace
  13  scan.tif
  14  camera.dng    A camera's RAW file with previe…
○ ○ ○ ○ ○ ○ ○ ○ ● ○ ○ ○ ○ ○  9/14
photos> open 10
     .::::.
   -=::::::=-.
 .+:.-====-..+:
 +- ========.:+
 +- ========.:+
 .+:.-====-..+:
  .-=:.::.:==.
     .::::.
Photo 10 of 14
  id           leaf.gif
  description  (no description)
  author       unknown
  size         200 × 200
  file         1.4 KB GIF
photos/detail 10> show --why
     .::::.
   -=::::::=-.
 .+:.-====-..+:
 +- ========.:+
 +- ========.:+
 .+:.-====-..+:
  .-=:.::.:==.
     .::::.
picture: from the GIF itself, 200×200
Photo 10 of 14
  id           leaf.gif
  description  (no description)
  author       unknown
  size         200 × 200
  file         1.4 KB GIF
photos/detail 10> back
   1  rotated.avif  Rotated by EXIF (orientation 6)
   2  camera.cr3    A Canon CR3-shaped RAW
   3  camera.nef    A Nikon NEF-shaped RAW
   4  camera.jpg    A camera's photo with previews
   5  sunset.jpg    Sunset over the bay               Ada Lovelace
   6  rotated.webp  Rotated by EXIF (orientation 6)
   7  leaf.png
   8  sunset.heic   Sunset over the bay               Ada Lovelace
   9  camera.cr2    A Canon CR2-shaped RAW
▸ 10  leaf.gif
  11  camera.arw    A Sony ARW-shaped RAW
  12  sunset.jxl    Sunset over the bay               Ada Lovelace
  13  scan.tif
  14  camera.dng    A camera's RAW file with previe…
○ ○ ○ ○ ○ ○ ○ ○ ○ ● ○ ○ ○ ○  10/14
photos> open 11
......................
::::::::::::::::::::::
----------------------
============#@@@*=====
++++++++++++@@@@@+++++
============+***+=====
............:---......
             .-.
Photo 11 of 14
  id           camera.arw
  description  A Sony ARW-shaped RAW
  author       unknown
  camera       SONY ILCE-7M3
  size         4000 × 3000
  file         22 KB TIFF
photos/detail 11> show --why
......................
::::::::::::::::::::::
----------------------
============#@@@*=====
++++++++++++@@@@@+++++
============+***+=====
............:---......
             .-.
picture: from the ARW JPEG preview (640×480) inside the 4000×3000 photo, decoded at 240×180
Photo 11 of 14
  id           camera.arw
  description  A Sony ARW-shaped RAW
  author       unknown
  camera       SONY ILCE-7M3
  size         4000 × 3000
  file         22 KB TIFF
photos/detail 11> back
   1  rotated.avif  Rotated by EXIF (orientation 6)
   2  camera.cr3    A Canon CR3-shaped RAW
   3  camera.nef    A Nikon NEF-shaped RAW
   4  camera.jpg    A camera's photo with previews
   5  sunset.jpg    Sunset over the bay               Ada Lovelace
   6  rotated.webp  Rotated by EXIF (orientation 6)
   7  leaf.png
   8  sunset.heic   Sunset over the bay               Ada Lovelace
   9  camera.cr2    A Canon CR2-shaped RAW
  10  leaf.gif
▸ 11  camera.arw    A Sony ARW-shaped RAW
  12  sunset.jxl    Sunset over the bay               Ada Lovelace
  13  scan.tif
  14  camera.dng    A camera's RAW file with previe…
○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ● ○ ○ ○  11/14
photos> open 12
..........................
::::::::::::::::::::::::::
--------------------------
==============+%@@%+======
++++++++++++++*@@@@#++++++
===============**#*=======
...............:---.......
                ::.
Photo 12 of 14
  id           sunset.jxl
  description  Sunset over the bay
  author       Ada Lovelace
  size         320 × 200
  file         4 KB JPEG XL
photos/detail 12> show --why
..........................
::::::::::::::::::::::::::
--------------------------
==============+%@@%+======
++++++++++++++*@@@@#++++++
===============**#*=======
...............:---.......
                ::.
picture: from the JPEG XL itself, 320×200
Photo 12 of 14
  id           sunset.jxl
  description  Sunset over the bay
  author       Ada Lovelace
  size         320 × 200
  file         4 KB JPEG XL
photos/detail 12> back
   1  rotated.avif  Rotated by EXIF (orientation 6)
   2  camera.cr3    A Canon CR3-shaped RAW
   3  camera.nef    A Nikon NEF-shaped RAW
   4  camera.jpg    A camera's photo with previews
   5  sunset.jpg    Sunset over the bay               Ada Lovelace
   6  rotated.webp  Rotated by EXIF (orientation 6)
   7  leaf.png
   8  sunset.heic   Sunset over the bay               Ada Lovelace
   9  camera.cr2    A Canon CR2-shaped RAW
  10  leaf.gif
  11  camera.arw    A Sony ARW-shaped RAW
▸ 12  sunset.jxl    Sunset over the bay               Ada Lovelace
  13  scan.tif
  14  camera.dng    A camera's RAW file with previe…
○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ● ○ ○  12/14
photos> open 13
#+*%%#%%%%%
%*#%=.-%%%%
%%#:...:#%%
%#--...--#%
%%%#...#%%%
%%%#...#%%%
%%%#...#%%%
%%%%===%%%%
Photo 13 of 14
  id           scan.tif
  description  (no description)
  author       unknown
  size         160 × 240
  file         16 KB TIFF
photos/detail 13> show --why
#+*%%#%%%%%
%*#%=.-%%%%
%%#:...:#%%
%#--...--#%
%%%#...#%%%
%%%#...#%%%
%%%#...#%%%
%%%%===%%%%
picture: from the TIFF itself, 160×240
Photo 13 of 14
  id           scan.tif
  description  (no description)
  author       unknown
  size         160 × 240
  file         16 KB TIFF
photos/detail 13> back
   1  rotated.avif  Rotated by EXIF (orientation 6)
   2  camera.cr3    A Canon CR3-shaped RAW
   3  camera.nef    A Nikon NEF-shaped RAW
   4  camera.jpg    A camera's photo with previews
   5  sunset.jpg    Sunset over the bay               Ada Lovelace
   6  rotated.webp  Rotated by EXIF (orientation 6)
   7  leaf.png
   8  sunset.heic   Sunset over the bay               Ada Lovelace
   9  camera.cr2    A Canon CR2-shaped RAW
  10  leaf.gif
  11  camera.arw    A Sony ARW-shaped RAW
  12  sunset.jxl    Sunset over the bay               Ada Lovelace
▸ 13  scan.tif
  14  camera.dng    A camera's RAW file with previe…
○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ● ○  13/14
photos> open 14
......................
::::::::::::::::::::::
----------------------
============#@@@*=====
++++++++++++@@@@@+++++
============+***+=====
............:---......
             .-.
Photo 14 of 14
  id           camera.dng
  description  A camera's RAW file with previews
  author       unknown
  camera       LEICA Q2
  size         4000 × 3000
  file         22 KB TIFF
photos/detail 14> show --why
......................
::::::::::::::::::::::
----------------------
============#@@@*=====
++++++++++++@@@@@+++++
============+***+=====
............:---......
             .-.
picture: from the DNG JPEG preview (640×480) inside the 4000×3000 photo, decoded at 240×180
Photo 14 of 14
  id           camera.dng
  description  A camera's RAW file with previews
  author       unknown
  camera       LEICA Q2
  size         4000 × 3000
  file         22 KB TIFF
photos/detail 14> state --json
{"stack":["collection","detail"],"count":14,"photos":["rotated.avif","camera.cr3","camera.nef","camera.jpg","sunset.jpg","rotated.webp","leaf.png","sunset.heic","camera.cr2","leaf.gif","camera.arw","sunset.jxl","scan.tif","camera.dng"],"page":14,"source":"folder","layout":"list","index":14,"photo":{"id":"camera.dng","camera":"LEICA Q2","make":"Leica Camera AG","model":"LEICA Q2","width":4000,"height":3000,"fileSize":22050,"format":"TIFF"}}
