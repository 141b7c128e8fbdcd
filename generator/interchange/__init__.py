"""Files of the bridge ecosystem, in and out: PBN (pbn.py) and USEBIO XML (usebio.py).

The game's rules know nothing of file formats (generator/games/bridge/); these modules sit on
top of them, reading other programs' files into paibang's records and writing paibang's results
in the forms other programs read.
"""
