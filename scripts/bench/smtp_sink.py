"""A counting SMTP sink for scripts/bench-submissions.sh (stdlib asyncio, no dependency):
accepts every message, keeps its Message-ID, and on SIGTERM prints
`SINK messages=<n> unique=<distinct Message-IDs>`. usage: smtp_sink.py PORT"""
import asyncio
import signal
import sys

ids = []


async def session(reader, writer):
    def say(line):
        writer.write(line.encode() + b"\r\n")

    say("220 sink ESMTP")
    await writer.drain()
    while True:
        line = await reader.readline()
        if not line:
            break
        verb = line[:4].decode(errors="replace").upper()
        if verb in ("EHLO", "HELO"):
            say("250 sink")
        elif verb in ("MAIL", "RCPT", "RSET", "NOOP"):
            say("250 OK")
        elif verb == "DATA":
            say("354 go ahead")
            await writer.drain()
            message_id = None
            while True:
                data = await reader.readline()
                if not data or data in (b".\r\n", b".\n"):
                    break
                if message_id is None and data.lower().startswith(b"message-id:"):
                    message_id = data.split(b":", 1)[1].strip()
            ids.append(message_id)
            say("250 2.0.0 queued")
        elif verb == "QUIT":
            say("221 bye")
            await writer.drain()
            break
        else:
            say("502 not implemented")
        await writer.drain()
    writer.close()


async def main(port):
    server = await asyncio.start_server(session, "127.0.0.1", port)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    async with server:
        await stop.wait()
    print(f"SINK messages={len(ids)} unique={len(set(ids))}", flush=True)


asyncio.run(main(int(sys.argv[1])))
