# photorepl: --source unsplash --topic nature --cassette topic-unsplash.cassette.json --layout grid
count: 0
photos> count 4
count: 4
photos> fetch
Fetched page 1 of the Unsplash topic 'nature': 4 photos, more to come.
Loaded page 2 of the Unsplash topic 'nature': 4 more photos (8 in all).
Sheet 1 of 1+ (photos 1–8 of 8 loaded):
▸1 Street Market …   2 A Train Passin…   3 Desert dunes a…   4 Cherry Blossom…
 5 A cat asleep o…   6 orange tabby c…   7 gray concrete …   8 An Old Booksho…
More photos to load: type 'grid next'.
photos> grid next
Loaded page 3 of the Unsplash topic 'nature': 4 more photos (12 in all).
Loaded page 4 of the Unsplash topic 'nature': 4 more photos (16 in all).
Sheet 2 of 2+ (photos 9–16 of 16 loaded):
▸9 Rice terraces …   10 A Bowl Of Ram…   11 white and red…   12 Stars over a …
 13 Fresh vegetab…   14 A bowl of ram…   15 Waves Breakin…   16 A cup of coff…
More photos to load: type 'grid next'.
photos> grid next
Loaded page 5 of the Unsplash topic 'nature': 4 more photos (20 in all).
Loaded page 6 of the Unsplash topic 'nature': 4 more photos (24 in all).
Sheet 3 of 3+ (photos 17–24 of 24 loaded):
▸17 Misty pine fo…   18 Hot air ballo…   19 Rice Terraces…   20 Misty pine fo…
 21 A Tram Crossi…   22 A train passi…   23 A tram crossi…   24 Fresh vegetab…
More photos to load: type 'grid next'.
photos> page 9
▸ 9  seRhwJechcx  Rice terraces in the morning      Sara Andersen       ♥ 27
○ ○ ○ ○ ○ ○ ○ ○ ● ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○  9/24
photos> state --json
{"stack":["collection"],"count":4,"photos":["tAiv6scWDuN","OvW6Ig3zQVf","YVPblkTsAaY","jwD9muvW5Wu","JLa6WLuEOmK","AhR0V7ywHCK","rB77fuKgtQ7","iNngUBxJ59F","seRhwJechcx","Z45EcWySIhe","RiNfC2mH7Kq","lYvR2icLaWR","9EIIhJHB2-F","qNSWPQX78wb","GWPZuJLuA8A","g26PppxKJNR","Bom2Z9I5YbV","MMqS9wIznxi","2EnNoDy8ZDC","M-CVkE53rdE","cpTxJHjg4-E","UVK2cQ9Ia2T","jQnGfreVvxy","ggp-a_hstAe"],"page":9,"source":"unsplash","layout":"grid","feed":{"name":"the Unsplash topic 'nature'","pages":6,"more":true},"ratelimit":{"limit":50,"remaining":44}}
