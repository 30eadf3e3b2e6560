# photorepl: --folder photos --preview ascii --preview-size 40x12
count: 0
photos> count 6
count: 6
photos> fetch
Found 4 photos in photos (2 files skipped: 2 not an image).
The folder has only 4 photos, not 6: all of them are shown.
Fetched 4 photos.
▸ 1  rotated.jpg             Rotated by EXIF (orientation 6)
  2  nested/gray.png
  3  nested/deeper/leaf.png
  4  sunset.jpg              Sunset over the bay               Ada Lovelace
● ○ ○ ○  1/4
photos> page 2
..%%..%%..%%..%%
%%..%%..%%..%%..
..%%..%%..%%..%%
%%..%%..%%..%%..
..%%..%%..%%..%%
%%..%%..%%..%%..
▸ 2  nested/gray.png
○ ● ○ ○  2/4
photos> next
    ....
  :.::::.:.
 : ====== :
 : ====== :
  :.::::.:.
    ....
▸ 3  nested/deeper/leaf.png
○ ○ ● ○  3/4
photos> open 4
.......................................
.......................................
:::::::::::::::::::::::::::::::::::::::
---------------------------------------
-----------------------+***+=----------
======================%@@@@@%+=========
++++++++++++++++++++++@@@@@@@#+++++++++
++++++++++++++++++++++#@@@@@%++++++++++
----------------------+++++++----------
.......................-====:..........
........................---:...........
                        .-:
Photo 4 of 4
  id           sunset.jpg
  description  Sunset over the bay
  author       Ada Lovelace
  size         320 × 200
  file         6.7 KB JPEG
photos/detail 4> back
  1  rotated.jpg             Rotated by EXIF (orientation 6)
  2  nested/gray.png
  3  nested/deeper/leaf.png
▸ 4  sunset.jpg              Sunset over the bay               Ada Lovelace
○ ○ ○ ●  4/4
photos> open 1
%***%%%%%%%%%%%%
%---%%%=-%%%%%%%
%%%%%#:..:#%%%%%
%%%%*......+%%%%
%%%=........-%%%
%%*==:....:==*%%
%%%%%=....=%%%%%
%%%%%=....=%%%%%
%%%%%=....=%%%%%
%%%%%=....=%%%%%
%%%%%=....=%%%%%
%%%%%#****#%%%%%
Photo 1 of 4
  id           rotated.jpg
  description  Rotated by EXIF (orientation 6)
  author       unknown
  size         160 × 240
  file         3.9 KB JPEG
photos/detail 1> state --json
{"stack":["collection","detail"],"count":6,"photos":["rotated.jpg","nested/gray.png","nested/deeper/leaf.png","sunset.jpg"],"page":1,"source":"folder","layout":"list","index":1,"photo":{"id":"rotated.jpg","width":160,"height":240,"fileSize":3860,"format":"JPEG"}}
