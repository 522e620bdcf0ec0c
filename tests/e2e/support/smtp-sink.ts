/**
 * A real SMTP server on loopback for the end-to-end tests. It keeps every mail it receives
 * and lets the tests read them over HTTP (GET /messages?to=address).
 * Started and stopped by Playwright's webServer, by its own process.
 */
import { createServer } from "node:http";
import { SMTPServer } from "smtp-server";
import PostalMime from "postal-mime";

const smtpPort = Number(process.env.SMTP_SINK_PORT ?? 2526);
const httpPort = Number(process.env.SMTP_SINK_HTTP_PORT ?? 2527);

type Mail = { to: string[]; subject: string; text: string; receivedAt: string };
const mails: Mail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("error", (error: Error) => callback(error));
    stream.on("end", () => {
      PostalMime.parse(Buffer.concat(chunks))
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    });
  },
});
smtp.listen(smtpPort, "127.0.0.1");

// Every answer closes its connection. Node closes a kept-alive socket after 5 idle seconds, and a
// test's next poll could go out on it at that moment and read ECONNRESET (a CI run saw it once).
createServer((req, res) => {
  res.shouldKeepAlive = false;
  const url = new URL(req.url ?? "/", `http://127.0.0.1:${httpPort}`);
  if (url.pathname === "/health") {
    res.end("ok");
    return;
  }
  if (url.pathname === "/messages") {
    const to = url.searchParams.get("to")?.toLowerCase();
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(to ? mails.filter((m) => m.to.includes(to)) : mails));
    return;
  }
  res.statusCode = 404;
  res.end();
}).listen(httpPort, "127.0.0.1", () => {
  console.log(`SMTP sink: smtp://127.0.0.1:${smtpPort}, mails at http://127.0.0.1:${httpPort}/messages`);
});
