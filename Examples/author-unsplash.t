# photorepl: --source unsplash --cassette author-unsplash.cassette.json --preview ascii --preview-size 24x8
count: 0
photos> count 5
count: 5
photos> fetch
Fetched 5 photos.
▸ 1  qhefDGeuKaS  Kayaks on a turquoise lake        Yuna Nakamura       ♥ 27
  2  AhR0V7ywHCK  orange tabby cat lying near win…  Tomás Park          ♥ 69
  3  32wo9AI8OGh  Waves Breaking On A Black Sand …  Anna García         ♥ 30
  4  VlWWM52hftW  orange fox on white snow          Mateo Haddad        ♥ 5,033
  5  M-CVkE53rdE  Misty pine forest at sunrise      김서연              ♥ 7,872
● ○ ○ ○ ○  1/5
photos> open 2
#+*%%#%%%%%
%*#%=.-%%%%
%%#:...:#%%
%#--...--#%
%%%#...#%%%
%%%#...#%%%
%%%#...#%%%
%%%%===%%%%
Photo 2 of 5
  id           AhR0V7ywHCK
  description  orange tabby cat lying near window
  author       Tomás Park (@tomas_park)
  likes        ♥ 69
  size         5472 × 3648
  url          http://127.0.0.1:43210/images/AhR0V7ywHCK.jpg?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3wYmWR4Bsf80dR7DSlM&ixlib=rb-4.0.3&q=80&w=1080
  credit       Photo by Tomás Park on Unsplash
               https://unsplash.com/@tomas_park?utm_source=photorepl&utm_medium=referral
               https://unsplash.com/?utm_source=photorepl&utm_medium=referral
photos/detail 2> state --json
{"stack":["collection","detail"],"count":5,"photos":["qhefDGeuKaS","AhR0V7ywHCK","32wo9AI8OGh","VlWWM52hftW","M-CVkE53rdE"],"page":2,"source":"unsplash","layout":"list","ratelimit":{"limit":50,"remaining":49},"index":2}
photos/detail 2> author
Tomás Park (@tomas_park)
  location  Oaxaca, México
  bio       Let's go outside. Contact: hello@example.com
  totals    51 photos · 58 liked
6 of their 51 photos:
▸ 1  jwD9muvW5Wu  Cherry Blossoms Along A Canal     ♥ 63
  2  AhR0V7ywHCK  orange tabby cat lying near win…  ♥ 69
  3  JfJK1rupGiV  Reflections In A Glass Facade     ♥ 81
  4  qNSWPQX78wb  A bowl of ramen with egg          ♥ 76
  5  oZZkQpHM8T-  A Bowl Of Ramen With Egg          ♥ 25
  6  nSbjFOQ2TwT  Misty pine forest at sunrise.     ♥ 8,897
● ○ ○ ○ ○ ○  1/6
photos/detail 2/author> state --json
{"stack":["collection","detail","author"],"count":5,"photos":["qhefDGeuKaS","AhR0V7ywHCK","32wo9AI8OGh","VlWWM52hftW","M-CVkE53rdE"],"page":2,"source":"unsplash","layout":"list","ratelimit":{"limit":50,"remaining":47},"index":2,"author":"tomas_park","authorPhotos":["jwD9muvW5Wu","AhR0V7ywHCK","JfJK1rupGiV","qNSWPQX78wb","oZZkQpHM8T-","nSbjFOQ2TwT"],"authorPage":1}
photos/detail 2/author> open 1
........................
::::::::::::::::::::::::
------------------------
=============+%@@#======
+++++++++++++#@@@@++++++
==============*#*+======
..............---:......
              .-:
Photo 1 of 6
  id           jwD9muvW5Wu
  description  Cherry Blossoms Along A Canal
  author       Tomás Park (@tomas_park)
  likes        ♥ 63
  size         6240 × 4160
  url          http://127.0.0.1:43210/images/jwD9muvW5Wu.jpg?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3wGyfH4ird78Ua9mUuO&ixlib=rb-4.0.3&q=80&w=1080
  credit       Photo by Tomás Park on Unsplash
               https://unsplash.com/@tomas_park?utm_source=photorepl&utm_medium=referral
               https://unsplash.com/?utm_source=photorepl&utm_medium=referral
photos/detail 2/author/detail 1> state --json
{"stack":["collection","detail","author","detail"],"count":5,"photos":["qhefDGeuKaS","AhR0V7ywHCK","32wo9AI8OGh","VlWWM52hftW","M-CVkE53rdE"],"page":2,"source":"unsplash","layout":"list","ratelimit":{"limit":50,"remaining":47},"index":2,"author":"tomas_park","authorPhotos":["jwD9muvW5Wu","AhR0V7ywHCK","JfJK1rupGiV","qNSWPQX78wb","oZZkQpHM8T-","nSbjFOQ2TwT"],"authorPage":1,"authorIndex":1}
photos/detail 2/author/detail 1> back
Tomás Park (@tomas_park)
  location  Oaxaca, México
  bio       Let's go outside. Contact: hello@example.com
  totals    51 photos · 58 liked
6 of their 51 photos:
▸ 1  jwD9muvW5Wu  Cherry Blossoms Along A Canal     ♥ 63
  2  AhR0V7ywHCK  orange tabby cat lying near win…  ♥ 69
  3  JfJK1rupGiV  Reflections In A Glass Facade     ♥ 81
  4  qNSWPQX78wb  A bowl of ramen with egg          ♥ 76
  5  oZZkQpHM8T-  A Bowl Of Ramen With Egg          ♥ 25
  6  nSbjFOQ2TwT  Misty pine forest at sunrise.     ♥ 8,897
● ○ ○ ○ ○ ○  1/6
photos/detail 2/author> state --json
{"stack":["collection","detail","author"],"count":5,"photos":["qhefDGeuKaS","AhR0V7ywHCK","32wo9AI8OGh","VlWWM52hftW","M-CVkE53rdE"],"page":2,"source":"unsplash","layout":"list","ratelimit":{"limit":50,"remaining":47},"index":2,"author":"tomas_park","authorPhotos":["jwD9muvW5Wu","AhR0V7ywHCK","JfJK1rupGiV","qNSWPQX78wb","oZZkQpHM8T-","nSbjFOQ2TwT"],"authorPage":1}
photos/detail 2/author> back
Photo 2 of 5
  id           AhR0V7ywHCK
  description  orange tabby cat lying near window
  author       Tomás Park (@tomas_park)
  likes        ♥ 69
  size         5472 × 3648
  url          http://127.0.0.1:43210/images/AhR0V7ywHCK.jpg?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3wYmWR4Bsf80dR7DSlM&ixlib=rb-4.0.3&q=80&w=1080
  credit       Photo by Tomás Park on Unsplash
               https://unsplash.com/@tomas_park?utm_source=photorepl&utm_medium=referral
               https://unsplash.com/?utm_source=photorepl&utm_medium=referral
photos/detail 2> state --json
{"stack":["collection","detail"],"count":5,"photos":["qhefDGeuKaS","AhR0V7ywHCK","32wo9AI8OGh","VlWWM52hftW","M-CVkE53rdE"],"page":2,"source":"unsplash","layout":"list","ratelimit":{"limit":50,"remaining":47},"index":2}
photos/detail 2> back
Photo 2 stays at position 2.
  1  qhefDGeuKaS  Kayaks on a turquoise lake        Yuna Nakamura       ♥ 27
▸ 2  AhR0V7ywHCK  orange tabby cat lying near win…  Tomás Park          ♥ 69
  3  32wo9AI8OGh  Waves Breaking On A Black Sand …  Anna García         ♥ 30
  4  VlWWM52hftW  orange fox on white snow          Mateo Haddad        ♥ 5,033
  5  M-CVkE53rdE  Misty pine forest at sunrise      김서연              ♥ 7,872
○ ● ○ ○ ○  2/5
photos> state --json
{"stack":["collection"],"count":5,"photos":["qhefDGeuKaS","AhR0V7ywHCK","32wo9AI8OGh","VlWWM52hftW","M-CVkE53rdE"],"page":2,"source":"unsplash","layout":"list","ratelimit":{"limit":50,"remaining":47}}
