# photorepl: --folder shoot --preview none --browse --listing 5:10dce9e519c340c9
Found 5 photos in shoot.
Sorted by name (other orders: taken, size, camera, iso, focal, rating).
▸ 1  DSC09876.tif
  2  IMG_0412.HEIC
  3  IMG_5D.jpg
  4  harbour.jpg
  5  leaf.png
● ○ ○ ○ ○  1/5
photos> sort taken
Sorted by when taken, oldest first (other orders: name, size, camera, iso, focal, rating).
  1  IMG_5D.jpg     2009-08-15 17:45
▸ 2  DSC09876.tif   2020-09-14 11:09  ★★☆☆☆       street
  3  IMG_0412.HEIC  2023-02-21 14:33
  4  harbour.jpg    2024-06-01 06:12  ★★★★☆  Red  harbour, dawn
  5  leaf.png
○ ● ○ ○ ○  2/5
photos> open harbour
Photo 4 of 5
  id           harbour.jpg
  description  Sunset over the bay
  author       Ada Lovelace
  taken        2024-06-01 06:12:40 +02:00
  camera       Canon EOS R5
  lens         RF24-70mm F2.8 L IS USM
  exposure     f/8 · 1/500 s · ISO 200 · 35 mm (35 mm in 35 mm)
  flash        did not fire
  place        44.85048, 34.97665 · 29.1 m
  map          https://www.openstreetmap.org/?mlat=44.85048&mlon=34.97665
  size         320 × 200
  file         10 KB JPEG
  rating       ★★★★☆
  label        Red
  keywords     harbour, dawn
photos/detail 4> state --json
{"stack":["collection","detail"],"count":0,"photos":["IMG_5D.jpg","DSC09876.tif","IMG_0412.HEIC","harbour.jpg","leaf.png"],"page":4,"source":"folder","layout":"list","sort":"taken","filters":[],"index":4,"photo":{"id":"harbour.jpg","taken":"2024-06-01T06:12:40+02:00","camera":"Canon EOS R5","make":"Canon","model":"Canon EOS R5","lens":"RF24-70mm F2.8 L IS USM","aperture":8.0,"shutter":0.002,"iso":200,"focal":35.0,"focal35":35,"flash":false,"latitude":44.85048,"longitude":34.976647,"altitude":29.1,"width":320,"height":200,"fileSize":10239,"format":"JPEG","rating":4,"label":"Red","keywords":["harbour","dawn"]}}
photos/detail 4> open IMG_5D
Photo 1 of 5
  id           IMG_5D.jpg
  description  (no description)
  author       unknown
  taken        2009-08-15 17:45:00
  camera       Canon EOS 5D
  lens         Canon EF 50mm f/1.8
  size         1200 × 900
  file         74 KB JPEG
photos/detail 1> info
Exif:
  Image.Make: Canon
  Image.Model: Canon EOS 5D
  Image.ExifTag: 69
  Photo.DateTimeOriginal: 2009:08:15 17:45:00
  Photo.MakerNote: (110 bytes of binary data)
  MakerNote.Offset: 119
  MakerNote.ByteOrder: II
  CanonCs.0x0000: 92
  CanonCs.Macro: (0)
  CanonCs.Selftimer: Off
  CanonCs.Quality: (0)
  CanonCs.FlashMode: Off
  CanonCs.DriveMode: Single / timer
  CanonCs.0x0006: 0
  CanonCs.FocusMode: One shot AF
  CanonCs.0x0008: 0
  CanonCs.RecordMode: (0)
  CanonCs.ImageSize: Large
  CanonCs.EasyMode: Full auto
  CanonCs.DigitalZoom: None
  CanonCs.Contrast: Normal
  CanonCs.Saturation: Normal
  CanonCs.Sharpness: Normal
  CanonCs.ISOSpeed: n/a
  CanonCs.MeteringMode: Default
  CanonCs.FocusType: Manual
  CanonCs.AFPoint: (0)
  CanonCs.ExposureProgram: Easy shooting (Auto)
  CanonCs.0x0015: 0
  CanonCs.LensType: Canon EF 50mm f/1.8
  CanonCs.Lens: 50.0 mm
  CanonCs.MaxAperture: F1
  CanonCs.MinAperture: F1
  CanonCs.FlashActivity: Did not fire
  CanonCs.FlashDetails: 0
  CanonCs.0x001e: 0
  CanonCs.0x001f: 0
  CanonCs.FocusContinuous: Single
  CanonCs.AESetting: Normal AE
  CanonCs.ImageStabilization: Off
  CanonCs.DisplayAperture: 0
  CanonCs.ZoomSourceWidth: 0
  CanonCs.ZoomTargetWidth: 0
  CanonCs.0x0026: 0
  CanonCs.SpotMeteringMode: Center
  CanonCs.PhotoEffect: Off
  CanonCs.ManualFlashOutput: n/a
  CanonCs.ColorTone: 0
  CanonCs.0x002b: 0
  CanonCs.0x002c: 0
  CanonCs.0x002d: 0
photos/detail 1> sort iso
Sorted by ISO, highest first (other orders: name, taken, size, camera, focal, rating).
  1  harbour.jpg    ISO 200  ★★★★☆  Red  harbour, dawn
  2  IMG_0412.HEIC  ISO 125
  3  DSC09876.tif   ISO 80   ★★☆☆☆       street
▸ 4  IMG_5D.jpg
  5  leaf.png
○ ○ ○ ● ○  4/5
photos> filter camera canon
2 of 5 photos: camera canon
  1  harbour.jpg  ISO 200  ★★★★☆  Red  harbour, dawn
▸ 2  IMG_5D.jpg
○ ●  2/2
photos> filter taken 2009..2024-06
2 of 5 photos: camera canon, taken 2009..2024-06
  1  harbour.jpg  ISO 200  ★★★★☆  Red  harbour, dawn
▸ 2  IMG_5D.jpg
○ ●  2/2
photos> filter place yes
1 of 5 photos: camera canon, taken 2009..2024-06, place yes
▸ 1  harbour.jpg  ISO 200  ★★★★☆  Red  harbour, dawn
●  1/1
photos> filter
Filters (all must hold; 'filter clear' removes them):
  camera canon
  taken 2009..2024-06
  place yes
photos> filter lens zzz
No photo matches lens zzz: the filter was not added, and the list is as it was.
Filters (all must hold; 'filter clear' removes them):
  camera canon
  taken 2009..2024-06
  place yes
photos> filter clear
No filters: all 5 photos are listed.
▸ 1  harbour.jpg    ISO 200  ★★★★☆  Red  harbour, dawn
  2  IMG_0412.HEIC  ISO 125
  3  DSC09876.tif   ISO 80   ★★☆☆☆       street
  4  IMG_5D.jpg
  5  leaf.png
● ○ ○ ○ ○  1/5
photos> filter rating >=2
2 of 5 photos: rating >=2
▸ 1  harbour.jpg   ISO 200  ★★★★☆  Red  harbour, dawn
  2  DSC09876.tif  ISO 80   ★★☆☆☆       street
● ○  1/2
photos> sort rating
Sorted by rating, highest first (other orders: name, taken, size, camera, iso, focal).
2 of 5 photos: rating >=2
▸ 1  harbour.jpg   ★★★★☆  Red  harbour, dawn
  2  DSC09876.tif  ★★☆☆☆       street
● ○  1/2
photos> filter clear
No filters: all 5 photos are listed.
▸ 1  harbour.jpg    ★★★★☆  Red  harbour, dawn
  2  DSC09876.tif   ★★☆☆☆       street
  3  IMG_0412.HEIC
  4  IMG_5D.jpg
  5  leaf.png
● ○ ○ ○ ○  1/5
photos> filter orientation portrait
1 of 5 photos: orientation portrait
▸ 1  DSC09876.tif  ★★☆☆☆  street
●  1/1
photos> filter camra canon
error: no filter key 'camra': did you mean 'camera'? Keys: taken, camera, lens, format, iso, aperture, shutter, focal, orientation, place, rating, label, keyword, name, rejected, marked
photos> filter iso lots
error: 'lots' is not a number: type N, >N, <N, >=N, <=N or A..B (no spaces), as in 'filter iso >=800' or 'filter iso 100..400'
photos> sort bogus
error: sort takes name, taken, size, camera, iso, focal or rating, not 'bogus' (type e.g. 'sort taken')
