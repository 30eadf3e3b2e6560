# photorepl: --folder photos --preview ascii --preview-size 24x8
count: 0
photos> search png
Found 2 photos for "png":
▸ 1  nested/deeper/leaf.png
  2  nested/gray.png
● ○  1/2
photos/search> open 2
..-%%+..*%%..-%%+..*%%
**+--+**=--**+--+**=--
**+--+**=--**+--+**=--
..-%%+..*%%..-%%+..*%%
%%*..+%%-..%%*..+%%-..
--=**+--+**--=**+--+**
--=**+--+**--=**+--+**
%%*..+%%-..%%*..+%%-..
Photo 2 of 2
  id           nested/gray.png
  description  (no description)
  author       unknown
  size         64 × 48
  file         110 bytes PNG
photos/search/detail 2> back
Found 2 photos for "png":
  1  nested/deeper/leaf.png
▸ 2  nested/gray.png
○ ●  2/2
photos/search> back
photos> search sunset --orientation landscape
Found 1 photo for "sunset" (landscape):
▸ 1  sunset.jpg  Sunset over the bay               Ada Lovelace
●  1/1
photos/search> state --json
{"stack":["collection","search"],"count":0,"photos":[],"page":0,"source":"folder","layout":"list","search":{"query":"sunset","orientation":"landscape","color":null},"results":["sunset.jpg"],"resultsPage":1,"resultsPagesLoaded":1,"resultsTotal":1,"resultsMore":false}
