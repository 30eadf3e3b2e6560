# photorepl: --source unsplash --cassette hostile.cassette.json --preview ascii --preview-size 20x6
count: 0
photos> count 2
count: 2
photos> fetch
Fetched 2 photos.
▸ 1  qhefDGeuKaS^J…FORGED-ID^ITAB  Sunset <U+202E>gpj.exe<U+202C> …  Sunset <U+202E>gp…  ♥ 27
  2  AhR0V7ywHCK                   Sunset <U+202E>gpj.exe<U+202C> …  Sunset <U+202E>gp…  ♥ 69
● ○  1/2
photos> open 1
....................
::::::::::::::::::::
===========+#%*=====
+++++++++++#@@%+++++
:::::::::::-===:::::
............::......
Photo 1 of 2
  id           qhefDGeuKaS^Jphotos> FORGED-ID^ITAB
  description  Sunset <U+202E>gpj.exe<U+202C> ^[[31mred^[[0m ^[]52;c;aGVsbG8=^G <U+009B>2J nul^@ cr lf end
  author       Sunset <U+202E>gpj.exe<U+202C> ^[[31mred^[[0m ^[]52;c;aGVsbG8=^G <U+009B>2J nul^@ cr lf end (@kayak<U+2028>fan<U+2029>club)
  likes        ♥ 27
  size         3024 × 4032
  url          http://127.0.0.1:43212/images/qhefDGeuKaS.jpg?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3w9NWNX7yFNTmOZaO93&ixlib=rb-4.0.3&q=80&w=1080
  credit       Photo by Sunset <U+202E>gpj.exe<U+202C> ^[[31mred^[[0m ^[]52;c;aGVsbG8=^G <U+009B>2J nul^@ cr lf end on Unsplash
               https://unsplash.com/@kayak^Jphotos> quit?utm_source=photorepl&utm_medium=referral
               https://unsplash.com/?utm_source=photorepl&utm_medium=referral
photos/detail 1> back
Photo 1 stays at position 1.
▸ 1  qhefDGeuKaS^J…FORGED-ID^ITAB  Sunset <U+202E>gpj.exe<U+202C> …  Sunset <U+202E>gp…  ♥ 27
  2  AhR0V7ywHCK                   Sunset <U+202E>gpj.exe<U+202C> …  Sunset <U+202E>gp…  ♥ 69
● ○  1/2
photos> fetch
error: fetch failed: Unsplash refused the request (HTTP 403: ^[]8;;https://evil.example^[\click^[]8;;^[\ ^[[2J^[[H wiped <U+009B>31m C1 <U+202E>eman<U+202C> ^M overwritten ^H^H^H bs ^@ nul ^[]52;c;cHduZWQ=^G clipboard) (the photos shown before are kept)
photos> state --json
{"stack":["collection"],"count":2,"photos":["qhefDGeuKaS\nphotos> FORGED-ID\tTAB","AhR0V7ywHCK"],"page":1,"source":"unsplash","layout":"list","ratelimit":{"limit":50,"remaining":47}}
photos> state
stack: collection
collection:
  count: 2
  photos: 'qhefDGeuKaS^Jphotos> FORGED-ID^ITAB' AhR0V7ywHCK
  page: 1
  source: unsplash
  layout: list
  ratelimit: limit 50, remaining 47
