"""One window per user: a second launch hands its hand file to the running window.

The first window listens on a local socket named for the user; a later launch connects,
sends the files it was given (one JSON list) and exits.  A socket left behind by a
crashed window is removed and taken over.
"""

import getpass
import json
import re
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

MAX_MESSAGE = 64 * 1024
"""The most bytes read from one launch (a list of a few paths); more is ignored."""
TIMEOUT_MS = 1000


def server_name() -> str:
    """The socket's name: one per user of the machine."""
    user = re.sub(r"[^A-Za-z0-9_.-]", "_", getpass.getuser())
    return f"kelly-poker-assistant-{user}"


def hand_over(files: list[Path], name: str | None = None) -> bool:
    """Send ``files`` to the running window, if there is one; whether there was."""
    socket = QLocalSocket()
    socket.connectToServer(name or server_name())
    if not socket.waitForConnected(TIMEOUT_MS):
        return False
    socket.write(json.dumps([str(path.resolve()) for path in files]).encode())
    socket.flush()
    socket.waitForBytesWritten(TIMEOUT_MS)
    socket.disconnectFromServer()
    return True


def parse_message(data: bytes) -> list[Path]:
    """The files of one launch's message; nothing if it is not a JSON list of strings.

    >>> parse_message(b'["/tmp/a.phh"]'), parse_message(b'{"x": 1}'), parse_message(b'[')
    ([PosixPath('/tmp/a.phh')], [], [])
    """
    try:
        items = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return []
    if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
        return []
    return [Path(item) for item in items]


class InstanceServer(QObject):
    """Listens for later launches; ``received`` carries the files each one sent."""

    received = Signal(list)

    def __init__(self, name: str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self.server.newConnection.connect(self._accept)
        self.name = name or server_name()
        self._messages: dict[QLocalSocket, bytearray] = {}

    def listen(self) -> bool:
        """Start listening, replacing a stale socket; False if it cannot."""
        if self.server.listen(self.name):
            return True
        QLocalServer.removeServer(self.name)
        return self.server.listen(self.name)

    def _accept(self) -> None:
        while (socket := self.server.nextPendingConnection()) is not None:
            self._messages[socket] = bytearray()
            socket.readyRead.connect(self._read)
            socket.disconnected.connect(self._done)
            if socket.state() != QLocalSocket.LocalSocketState.ConnectedState:
                self._finish(socket)

    def _read(self) -> None:
        socket = self.sender()
        if isinstance(socket, QLocalSocket):
            self._take(socket)

    def _done(self) -> None:
        socket = self.sender()
        if isinstance(socket, QLocalSocket):
            self._finish(socket)

    def _take(self, socket: QLocalSocket) -> None:
        """Add what has arrived to the socket's message, up to the size limit."""
        message = self._messages.get(socket)
        if message is not None:
            message.extend(bytes(socket.readAll().data())[:MAX_MESSAGE - len(message)])

    def _finish(self, socket: QLocalSocket) -> None:
        self._take(socket)
        message = self._messages.pop(socket, None)
        if message is not None:
            socket.deleteLater()
            self.received.emit(parse_message(bytes(message)))
