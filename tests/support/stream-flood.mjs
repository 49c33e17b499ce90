// Opens many live race streams from several loopback addresses (127.0.0.2, .3, ...) and holds
// them: run as its own process so its open-file limit can be raised apart from the test runner's.
// Usage: node stream-flood.mjs <port> <path> <streams> <addresses>. Prints a JSON line with the
// answers so far, counted by status, whenever they change; holds the open streams until killed.
import net from "node:net";

const [port, path, total, addresses] = process.argv.slice(2);
const counts = {};
let answered = 0;
const held = [];
const done = (key) => {
  counts[key] = (counts[key] ?? 0) + 1;
  answered++;
};
for (let i = 0; i < Number(total); i++) {
  const localAddress = `127.0.0.${2 + (i % Number(addresses))}`;
  const socket = net.connect({ host: "127.0.0.1", port: Number(port), localAddress });
  let text = "";
  let counted = false;
  const count = (key) => {
    if (counted) return;
    counted = true;
    done(key);
  };
  socket.on("connect", () =>
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`),
  );
  socket.on("data", (chunk) => {
    if (counted) return;
    text += chunk.toString("latin1");
    const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
    if (!status) return;
    count(status);
    if (status === "200") held.push(socket);
    else socket.destroy();
  });
  socket.on("error", (error) => count(error.code ?? "error"));
  socket.on("close", () => count("closed"));
}
let printed = -1;
setInterval(() => {
  if (printed === answered) return;
  printed = answered;
  process.stdout.write(`${JSON.stringify(counts)}\n`);
}, 200);
