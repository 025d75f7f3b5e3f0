"""The browser client's files, read and compressed once when the server starts.

Every file of the client folder is held in memory as it is and gzip-compressed; a request
names a file by its exact name, looked up in a table (a request never makes a path, so no
``..`` or other name reaches the disk), and gets the compressed copy when it accepts gzip.
Nothing is compressed per request: a page load costs a dictionary lookup and a send. Each
file has an ETag (a hash of its content), so a browser that has it is answered
``304 Not Modified``.

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "app.js").write_text("export const x = 1;\\n" * 50)
>>> files = ClientFiles(folder)
>>> entry = files.entries["app.js"]
>>> entry.media_type, len(entry.compressed) < len(entry.body)
('text/javascript', True)
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from dataclasses import dataclass
from pathlib import Path

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.types import Receive, Scope, Send

__all__ = ["ClientFile", "ClientFiles"]

#: Media types of the client's files (the system's table may not know them all).
_MEDIA_TYPES = {
    ".js": "text/javascript",
    ".css": "text/css",
    ".html": "text/html",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
}
#: Kinds of file worth compressing (images are compressed already, except SVG).
_COMPRESSIBLE = {".js", ".css", ".html", ".svg", ".webmanifest"}
#: Longest file name looked up (a longer request is not a file of ours).
_MAX_NAME = 64


@dataclass(frozen=True, slots=True)
class ClientFile:
    """One file of the client: its bytes, its gzip copy (None if not worth it), its media
    type and its ETag."""

    body: bytes
    compressed: bytes | None
    media_type: str
    etag: str


class ClientFiles:
    """An ASGI app serving the files of ``directory`` (its top level), read at start-up."""

    def __init__(self, directory: Path) -> None:
        self.entries: dict[str, ClientFile] = {}
        for path in sorted(directory.iterdir()):
            if path.is_file() and not path.name.startswith("."):
                self.entries[path.name] = _read(path)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        response = self.response(request)
        await response(scope, receive, send)

    def response(self, request: Request) -> Response:
        """The answer to one request: the file, 304 if the browser has it, 404 or 405."""
        if request.method not in ("GET", "HEAD"):
            return PlainTextResponse("Method Not Allowed", status_code=405)
        # The path below the mount point: the whole path less the mount's root path.
        path: str = request.scope["path"]
        root: str = request.scope.get("root_path", "")
        name = path[len(root) :].lstrip("/") if path.startswith(root) else ""
        entry = self.entries.get(name) if len(name) <= _MAX_NAME else None
        if entry is None:
            return PlainTextResponse("Not Found", status_code=404)
        headers = {"ETag": entry.etag, "Cache-Control": "no-cache", "Vary": "Accept-Encoding"}
        if entry.etag in request.headers.get("if-none-match", "")[: _MAX_NAME * 4]:
            return Response(status_code=304, headers=headers)
        body = entry.body
        if entry.compressed is not None and _accepts_gzip(request):
            body = entry.compressed
            headers["Content-Encoding"] = "gzip"
        if request.method == "HEAD":
            headers["Content-Length"] = str(len(body))
            return Response(status_code=200, headers=headers, media_type=entry.media_type)
        return Response(body, headers=headers, media_type=entry.media_type)


def _read(path: Path) -> ClientFile:
    """One file read and, if worth it, compressed (at the highest level: it is done once)."""
    body = path.read_bytes()
    suffix = path.suffix.lower()
    media_type = _MEDIA_TYPES.get(suffix) or mimetypes.guess_type(path.name)[0]
    compressed = gzip.compress(body, 9, mtime=0) if suffix in _COMPRESSIBLE else None
    if compressed is not None and len(compressed) >= len(body):
        compressed = None
    etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
    return ClientFile(body, compressed, media_type or "application/octet-stream", etag)


def _accepts_gzip(request: Request) -> bool:
    """True if the request's Accept-Encoding takes gzip (read over a bounded length; a
    ``q=0`` refuses it)."""
    accepted = request.headers.get("accept-encoding", "")[:256].lower()
    for part in accepted.split(","):
        coding, _, weight = part.partition(";")
        if coding.strip() in ("gzip", "*"):
            quality = weight.replace(" ", "").removeprefix("q=")
            return not quality or quality.strip("0.") != ""
    return False
