# photorepl: --source unsplash --topic nature --cassette topic-unsplash.cassette.json --layout grid
count: 0
photos> count 4
count: 4
photos> fetch
Fetched page 1 of the Unsplash topic 'nature': 4 photos, more to come.
Sheet 1 of 1+ (photos 1–4 of 4 loaded):
▸1 Street Market …   2 A Train Passin…   3 Desert dunes a…   4 Cherry Blossom…
More photos to load: type 'grid next'.
photos> grid next
Loaded page 2 of the Unsplash topic 'nature': 4 more photos (8 in all).
Sheet 1 of 1+ (photos 1–8 of 8 loaded):
▸1 Street Market …   2 A Train Passin…   3 Desert dunes a…   4 Cherry Blossom…
 5 A cat asleep o…   6 orange tabby c…   7 gray concrete …   8 An Old Booksho…
More photos to load: type 'grid next'.
photos> grid next
Loaded page 3 of the Unsplash topic 'nature': 4 more photos (12 in all).
Sheet 2 of 2+ (photos 9–12 of 12 loaded):
 9 Rice terraces …   10 A Bowl Of Ram…   11 white and red…   12 Stars over a …
More photos to load: type 'grid next'.
photos> page 9
▸ 9  seRhwJechcx  Rice terraces in the morning      Sara Andersen       ♥ 27
○ ○ ○ ○ ○ ○ ○ ○ ● ○ ○ ○  9/12
photos> state --json
{"stack":["collection"],"count":4,"photos":["tAiv6scWDuN","OvW6Ig3zQVf","YVPblkTsAaY","jwD9muvW5Wu","JLa6WLuEOmK","AhR0V7ywHCK","rB77fuKgtQ7","iNngUBxJ59F","seRhwJechcx","Z45EcWySIhe","RiNfC2mH7Kq","lYvR2icLaWR"],"page":9,"source":"unsplash","layout":"grid","sheet":2,"feed":{"name":"the Unsplash topic 'nature'","pages":3,"more":true},"ratelimit":{"limit":50,"remaining":47}}
