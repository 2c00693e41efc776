'use strict'

// Starts an in-memory dynalite for keycond's tests, demo and benchmark.
//
//   node server.js [port]
//
// Listens on 127.0.0.1 (port 0, i.e. any free port, unless one is given), prints
// `LISTENING <port>` once it accepts connections, and exits when stdin closes, so the
// server never outlives the JVM that started it, even if that JVM is killed. It ignores SIGINT.

const dynalite = require('dynalite')

const port = process.argv[2] === undefined ? 0 : Number(process.argv[2])
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`invalid port: ${process.argv[2]}`)
  process.exit(2)
}

// Tables are ACTIVE immediately: tests create and drop them without polling.
const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 })

server.on('error', (err) => {
  console.error(err.stack || String(err))
  process.exit(1)
})

server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`LISTENING ${server.address().port}\n`)
})

// Ctrl-C in a terminal reaches every process of the foreground group: the demo's shell cancels
// the line being typed, and the server must not stop under it. The parent stops it.
process.on('SIGINT', () => {})

// Any end of stdin (EOF, a closed pipe, an error) means the parent is gone.
process.stdin.on('end', () => process.exit(0))
process.stdin.on('close', () => process.exit(0))
process.stdin.on('error', () => process.exit(0))
process.stdin.resume()
