# photorepl: --feed
count: 0
photos> count 4
count: 4
photos> fetch
Fetched page 1 of the catalog's photos: 4 photos, more to come.
▸ 1  Eiq_zAHinx2  Misty pine forest at sunrise.     Mina Nguyen         ♥ 39
  2  888n_EIf54F  City skyline after the rain       Sofia Sato          ♥ 146
  3  g26PppxKJNR  A cup of coffee on a wooden tab…  Kwame Ito           ♥ 145
  4  06DJJcucNLb  ocean waves crashing on shore     Chloé Dubois        ♥ 98
● ○ ○ ○  1/4
photos> page 4
▸ 4  06DJJcucNLb  ocean waves crashing on shore     Chloé Dubois        ♥ 98
○ ○ ○ ●  4/4
photos> next
Loaded page 2 of the catalog's photos: 4 more photos (8 in all).
▸ 5  o_glokG0H1y  Snowy Mountain Ridge Under A Bl…  Olu Silva           ♥ 27
○ ○ ○ ○ ● ○ ○ ○  5/8
photos> page 8
▸ 8  bHTwcvW0m4q  Neon Signs In A Narrow Alley      Sara Andersen       ♥ 143
○ ○ ○ ○ ○ ○ ○ ●  8/8
photos> next
Loaded page 3 of the catalog's photos: 4 more photos (12 in all).
▸ 9  bWCVxguSlS7  orange fox on white snow          Ravi Kim            ♥ 31
○ ○ ○ ○ ○ ○ ○ ○ ● ○ ○ ○  9/12
photos> grid
Loaded page 4 of the catalog's photos: 4 more photos (16 in all).
Sheet 2 of 2+ (photos 9–16 of 16 loaded):
▸9 orange fox on …   10 Desert Dunes …   11 Lavender rows…   12 white and red…
 13 Autumn Leaves…   14 A tram crossi…   15 Close-up of a…   16 Stars Over A …
More photos to load: type 'grid next'.
photos> grid next
Loaded page 5 of the catalog's photos: 4 more photos (20 in all).
Loaded page 6 of the catalog's photos: 4 more photos (24 in all).
Sheet 3 of 3+ (photos 17–24 of 24 loaded):
▸17 A Bowl Of Ram…   18 Kayaks On A T…   19 A cat asleep …   20 green rice te…
 21 An Old Booksh…   22 assorted hot …   23 A Concrete St…   24 Cherry Blosso…
More photos to load: type 'grid next'.
photos> state --json
{"stack":["collection"],"count":4,"photos":["Eiq_zAHinx2","888n_EIf54F","g26PppxKJNR","06DJJcucNLb","o_glokG0H1y","s-BzCPRuNuj","0I0sWSxVmeP","bHTwcvW0m4q","bWCVxguSlS7","PfKynsxXqph","YDfaN_cZcIe","RiNfC2mH7Kq","CDA5yLnU5qR","enmRdGf5YRb","kS18g-9jDjm","YOidVRKj0gS","p4BlJ6DLpdE","ro4qydz2TEK","JLa6WLuEOmK","golNiYKsBij","iNngUBxJ59F","I3QPBgqwmK0","IrpTHXVjfbi","Ab0vVFvZG8t"],"page":17,"source":"embedded","layout":"list","sheet":3,"feed":{"name":"the catalog's photos","pages":6,"more":true}}
