"""``python -m starpusher`` runs the command line; this is also the stand-alone program's entry.

The import is absolute so that PyInstaller can freeze this file as a script.
"""

import multiprocessing

from starpusher.cli import main

if __name__ == "__main__":
    # In the stand-alone program a child process (the editor's verdict child everywhere, the
    # solver's --jobs workers on Windows and macOS) is this same program started again: this
    # turns such a start into the child it should be. Anywhere else it does nothing.
    multiprocessing.freeze_support()
    raise SystemExit(main())
