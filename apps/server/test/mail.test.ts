/**
 * Outgoing e-mail (src/mail): messages sent through a real SMTP server (smtp-server on a loopback
 * port) arrive with their envelope, headers and bodies; the SMTP password and the reset link never
 * reach an error or a log line; the reset e-mail in English and Korean; the SMTP settings.
 */
import { createServer } from "node:net";
import pino from "pino";
import { configFromEnv } from "../src/config";
import { createMailer, DEFAULT_MAIL_FROM, MailAddressError, MailSendError, MailUnavailableError, passwordResetMessage } from "../src/mail/index";
import { startSmtpServer, type TestSmtpServer } from "./smtp";

const USER = "fogwar-mail";
const PASSWORD = "s3cr3t/p@ss:wörd";
const LINK = "https://play.fogwar.test/reset?token=Zm9nd2FyLXJlc2V0LXRva2VuLTEyMzQ1Njc4OTA";

/** A logger whose lines are kept as text. */
function capturedLog(): { log: pino.Logger; text: () => string } {
  const lines: string[] = [];
  return { log: pino({ level: "info" }, { write: (line: string) => void lines.push(line) }), text: () => lines.join("") };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Every text an error may show: message, stack, own fields as JSON. */
const everythingOf = (error: unknown): string => (error instanceof Error ? `${error.message}\n${error.stack ?? ""}\n${JSON.stringify(error)}\n${String(error.cause ?? "")}` : String(error));

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer({ auth: { user: USER, pass: PASSWORD } });
});
afterAll(() => smtp.close());

test("a password reset e-mail goes through the SMTP server with its recipient, sender, subject and link", async () => {
  const { log, text } = capturedLog();
  const mailer = createMailer({ smtpUrl: smtp.url, from: "fogwar <accounts@fogwar.test>" }, log);
  expect(mailer.available).toBe(true);
  const content = passwordResetMessage({ name: "Ada", link: LINK, expiresInMinutes: 30 });
  await mailer.send({ to: "ada.lovelace@example.org", ...content });
  mailer.close();

  const received = await smtp.waitFor((m) => m.to.includes("ada.lovelace@example.org"));
  expect(received.from).toBe("accounts@fogwar.test");
  expect(received.toHeader).toBe("ada.lovelace@example.org");
  expect(received.fromHeader).toBe("fogwar <accounts@fogwar.test>");
  expect(received.subject).toBe("Reset your fogwar password");
  expect(received.text).toContain(LINK);
  expect(received.text).toContain("Hi Ada,");
  expect(received.text).toContain("30 minutes");
  expect(received.html).toContain(`href="${LINK}"`);

  // The log says a message went to example.org; never to whom exactly, never the link, never the password.
  const lines = text();
  expect(lines).toContain('"msg":"mail sent"');
  expect(lines).toContain('"toDomain":"example.org"');
  for (const secret of ["ada.lovelace", LINK, "Zm9nd2FyLXJlc2V0", PASSWORD, encodeURIComponent(PASSWORD)]) expect(lines).not.toContain(secret);
});

test("the sender defaults to fogwar's no-reply address", async () => {
  const mailer = createMailer({ smtpUrl: smtp.url }, pino({ level: "silent" }));
  await mailer.send({ to: "grace@example.net", subject: "hello", text: "plain words" });
  mailer.close();
  const received = await smtp.waitFor((m) => m.to.includes("grace@example.net"));
  expect(received.fromHeader).toBe(DEFAULT_MAIL_FROM);
  expect(received.from).toBe("no-reply@localhost");
  expect(received.text).toBe("plain words");
  expect(received.html).toBe("");
});

test("the Korean reset e-mail arrives whole (subject, name, link, lifetime)", async () => {
  const mailer = createMailer({ smtpUrl: smtp.url }, pino({ level: "silent" }));
  const content = passwordResetMessage({ name: "김민지", link: LINK, expiresInMinutes: 60, locale: "ko" });
  await mailer.send({ to: "minji@example.kr", ...content });
  mailer.close();
  const received = await smtp.waitFor((m) => m.to.includes("minji@example.kr"));
  expect(received.subject).toBe("fogwar 비밀번호 재설정");
  expect(received.text).toContain("김민지님, 안녕하세요.");
  expect(received.text).toContain(LINK);
  expect(received.text).toContain("1시간 동안 유효합니다");
  expect(received.html).toContain('<html lang="ko">');
  expect(received.html).toContain(`href="${LINK}"`);
});

test("without an SMTP URL the mailer is unavailable and sending rejects", async () => {
  const mailer = createMailer({}, pino({ level: "silent" }));
  expect(mailer.available).toBe(false);
  await expect(mailer.send({ to: "ada@example.org", subject: "s", text: "t" })).rejects.toBeInstanceOf(MailUnavailableError);
  await expect(mailer.send({ to: "ada@example.org", subject: "s", text: "t" })).rejects.toThrow(/no SMTP server is configured \(SMTP_URL\)/);
  mailer.close();
});

test("a wrong SMTP password rejects with an error that does not hold it", async () => {
  const wrong = "n0t-th3-p@ssword!";
  const { log, text } = capturedLog();
  const url = new URL(smtp.url);
  url.password = encodeURIComponent(wrong);
  const mailer = createMailer({ smtpUrl: url.toString() }, log);
  const error: unknown = await mailer.send({ to: "ada@example.org", subject: "s", text: "t" }).catch((e: unknown) => e);
  mailer.close();
  expect(error).toBeInstanceOf(MailSendError);
  expect(error).toMatchObject({ code: "EAUTH", responseCode: 535 });
  expect((error as Error).message).toMatch(/^could not send mail through 127\.0\.0\.1:\d+: /);
  for (const secret of [wrong, encodeURIComponent(wrong), Buffer.from(`\0${USER}\0${wrong}`).toString("base64")]) {
    expect(everythingOf(error)).not.toContain(secret);
    expect(text()).not.toContain(secret);
  }
  expect(text()).toContain('"msg":"mail not sent"');
  expect(smtp.messages.some((m) => m.to.includes("ada@example.org"))).toBe(false);
});

/**
 * A careless SMTP server that refuses every login repeating what it was sent (the AUTH PLAIN
 * payload, base64 and decoded): its refusals hold the password.
 */
async function echoingSmtpServer(): Promise<{ url: (user: string, pass: string) => string; close: () => Promise<void> }> {
  const server = createServer((socket) => {
    socket.write("220 careless ESMTP\r\n");
    let buffered = "";
    socket.on("data", (chunk) => {
      buffered += chunk.toString("utf8");
      for (let end = buffered.indexOf("\r\n"); end >= 0; end = buffered.indexOf("\r\n")) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (/^(EHLO|HELO)/i.test(line)) socket.write("250-careless\r\n250 AUTH PLAIN\r\n");
        else if (/^AUTH PLAIN /i.test(line)) {
          const payload = line.slice("AUTH PLAIN ".length);
          socket.write(`535 5.7.8 refused ${payload} (${Buffer.from(payload, "base64").toString("utf8").replace(/\0/g, " ")})\r\n`);
        } else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
        else socket.write("502 not here\r\n");
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: (user, pass) => `smtp://${user}:${encodeURIComponent(pass)}@127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test("an SMTP server whose refusal repeats the credentials does not get the password into the error or the log", async () => {
  const careless = await echoingSmtpServer();
  const { log, text } = capturedLog();
  const mailer = createMailer({ smtpUrl: careless.url(USER, PASSWORD) }, log);
  const error: unknown = await mailer.send({ to: "ada@example.org", subject: "s", text: "t" }).catch((e: unknown) => e);
  mailer.close();
  await careless.close();
  expect(error).toBeInstanceOf(MailSendError);
  expect(error).toMatchObject({ code: "EAUTH", responseCode: 535 });
  expect((error as Error).message).toContain("535 5.7.8 refused");
  for (const secret of [PASSWORD, encodeURIComponent(PASSWORD), Buffer.from(`\0${USER}\0${PASSWORD}`).toString("base64")]) {
    expect(everythingOf(error)).not.toContain(secret);
    expect(text()).not.toContain(secret);
  }
});

test("an unreachable SMTP server rejects with an error that does not hold the password", async () => {
  const port = await closedPort();
  const mailer = createMailer({ smtpUrl: `smtp://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}` }, pino({ level: "silent" }));
  const error: unknown = await mailer.send({ to: "ada@example.org", subject: "s", text: "t" }).catch((e: unknown) => e);
  mailer.close();
  expect(error).toBeInstanceOf(MailSendError);
  expect(error).toMatchObject({ code: "ESOCKET" });
  expect((error as Error).message).toContain(`127.0.0.1:${port}`);
  for (const secret of [PASSWORD, encodeURIComponent(PASSWORD)]) expect(everythingOf(error)).not.toContain(secret);
});

test("a recipient that is not one plain address is refused before anything is sent", async () => {
  const mailer = createMailer({ smtpUrl: smtp.url }, pino({ level: "silent" }));
  const before = smtp.messages.length;
  for (const to of ["ada@example.org, eve@example.org", "Ada <ada@example.org>", "ada@example.org\r\nBcc: eve@example.org", "nobody", ""]) {
    await expect(mailer.send({ to, subject: "s", text: "t" })).rejects.toBeInstanceOf(MailAddressError);
  }
  mailer.close();
  expect(smtp.messages.length).toBe(before);
});

test("the reset e-mail escapes the name in its HTML and wants an http(s) link", () => {
  const { text, html } = passwordResetMessage({ name: `<img src=x onerror="alert(1)"> & co`, link: `${LINK}&x="1"`, expiresInMinutes: 1 });
  expect(html).not.toContain("<img");
  expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; co");
  expect(html).toContain(`href="${LINK}&amp;x=&quot;1&quot;"`);
  expect(text).toContain(`Hi <img src=x onerror="alert(1)"> & co,`);
  expect(text).toContain("1 minute.");
  expect(() => passwordResetMessage({ name: "Ada", link: "javascript:alert(1)", expiresInMinutes: 30 })).toThrow(TypeError);
  expect(() => passwordResetMessage({ name: "Ada", link: "/reset?token=1", expiresInMinutes: 30 })).toThrow(TypeError);
  expect(() => passwordResetMessage({ name: "Ada", link: LINK, expiresInMinutes: 0 })).toThrow(TypeError);
});

test("SMTP_URL and MAIL_FROM are settings; a malformed SMTP_URL is refused without repeating it", () => {
  expect(configFromEnv({})).toMatchObject({ smtpUrl: undefined, mailFrom: DEFAULT_MAIL_FROM });
  expect(configFromEnv({ SMTP_URL: " smtps://u:p@mail.example:465 ", MAIL_FROM: "Fog <fog@example.org>" })).toMatchObject({ smtpUrl: "smtps://u:p@mail.example:465", mailFrom: "Fog <fog@example.org>" });
  let message = "";
  try {
    configFromEnv({ SMTP_URL: "http://user:hunter2@mail.example" });
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toMatch(/^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
  expect(message).not.toContain("hunter2");
  expect(() => createMailer({ smtpUrl: "mail.example:587" }, pino({ level: "silent" }))).toThrow(/smtp:\/\/ or smtps:\/\//);
});
