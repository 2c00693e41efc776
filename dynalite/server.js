'use strict'

// Starts an in-memory dynalite for keycond's tests, demo and benchmark.
//
//   node server.js [port]
//
// Listens on 127.0.0.1 (port 0, i.e. any free port, unless one is given), prints
// `LISTENING <port>` once it accepts connections, and exits when stdin closes, so the
// server never outlives the JVM that started it, even if that JVM is killed. It ignores SIGINT.

const dynalite = require('dynalite')
// dynalite's own dependency (package-lock.json pins it), as dynalite computes its answers' checksums.
const crc32 = require('buffer-crc32')
const { randomUUID } = require('crypto')
const { PassThrough } = require('stream')

const port = process.argv[2] === undefined ? 0 : Number(process.argv[2])
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`invalid port: ${process.argv[2]}`)
  process.exit(2)
}

// Tables change state at once, but dynalite still answers CreateTable and DeleteTable before it
// records the new state: a request sent right after the answer could find the table CREATING (and
// answer ResourceNotFound) or still there. This server holds those answers until the change is
// recorded, so that callers create and drop tables without polling.
const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 })
const SETTLING = ['CreateTable', 'DeleteTable']

// dynalite 4.0.0 answers DescribeTimeToLive with DISABLED for every table and has no
// UpdateTimeToLive. This server keeps each table's time to live itself, so that a client enables it
// with UpdateTimeToLive and reads it with DescribeTimeToLive as against DynamoDB. It only records the
// setting and never deletes an expired item, as DynamoDB does not for a while after an item expires.
// Every other request, and DescribeTimeToLive of a table without one, is dynalite's.
const timeToLive = new Map()
const [dynaliteHandler] = server.listeners('request')
server.removeAllListeners('request')
server.on('request', (req, res) => {
  const operation = (req.headers['x-amz-target'] || '').split('.')[1]
  if (!['UpdateTimeToLive', 'DescribeTimeToLive', ...SETTLING].includes(operation)) {
    dynaliteHandler(req, res)
    return
  }
  const chunks = []
  req.on('data', (chunk) => chunks.push(chunk))
  req.on('end', () => {
    const body = Buffer.concat(chunks)
    let data = {}
    try {
      data = JSON.parse(body.toString() || '{}')
    } catch (e) {
      // dynalite answers the malformed body.
    }
    if (operation === 'UpdateTimeToLive') {
      const spec = data.TimeToLiveSpecification
      if (typeof data.TableName !== 'string' || !spec || typeof spec.Enabled !== 'boolean'
          || typeof spec.AttributeName !== 'string' || spec.AttributeName === '') {
        answer(res, 400, { __type: 'com.amazon.coral.validate#ValidationException',
          message: 'UpdateTimeToLive needs TableName and TimeToLiveSpecification {Enabled, AttributeName}' })
        return
      }
      // The table must exist: dynalite's DescribeTimeToLive of it says so, or answers the error.
      askDynalite(replay(req, body, 'DescribeTimeToLive'), (status, headers, error) => {
        if (status !== 200) {
          Object.entries(headers).forEach(([name, value]) => res.setHeader(name, value))
          res.statusCode = status
          res.end(error)
          return
        }
        if (spec.Enabled) {
          timeToLive.set(data.TableName, spec.AttributeName)
        } else {
          timeToLive.delete(data.TableName)
        }
        answer(res, 200, { TimeToLiveSpecification: spec })
      })
      return
    }
    if (operation === 'DescribeTimeToLive' && timeToLive.has(data.TableName)) {
      answer(res, 200, { TimeToLiveDescription: { TimeToLiveStatus: 'ENABLED',
        AttributeName: timeToLive.get(data.TableName) } })
      return
    }
    if (operation === 'DescribeTimeToLive') {
      dynaliteHandler(replay(req, body), res)
      return
    }
    // A table created or deleted under a name starts without a time to live.
    timeToLive.delete(data.TableName)
    askDynalite(replay(req, body), (status, headers, answered) => {
      const send = () => {
        Object.entries(headers).forEach(([name, value]) => res.setHeader(name, value))
        res.statusCode = status
        res.end(answered)
      }
      if (status !== 200) {
        send()
        return
      }
      settle(req, data.TableName, operation === 'DeleteTable', send)
    })
  })
})

// Calls `done` once dynalite describes `table` as ACTIVE with every index ACTIVE, or, when `gone`,
// no longer describes it; after a second at most, so that no answer is held for ever.
function settle (req, table, gone, done, deadline = Date.now() + 1000) {
  const describe = Buffer.from(JSON.stringify({ TableName: table }))
  askDynalite(replay(req, describe, 'DescribeTable'), (status, headers, answered) => {
    const settled = gone ? status !== 200 : status === 200 && active(JSON.parse(answered).Table)
    if (settled || Date.now() > deadline) {
      done()
    } else {
      setTimeout(() => settle(req, table, gone, done, deadline), 1)
    }
  })
}

function active (description) {
  return description.TableStatus === 'ACTIVE'
    && (description.GlobalSecondaryIndexes || []).every((index) => index.IndexStatus === 'ACTIVE')
}

// The request again, with the body already read, for dynalite's handler; as another operation when
// one is given.
function replay (req, body, operation) {
  const again = new PassThrough()
  again.headers = operation === undefined ? req.headers
    : { ...req.headers, 'x-amz-target': req.headers['x-amz-target'].replace(/[^.]*$/, operation) }
  again.method = req.method
  again.url = req.url
  again.end(body)
  return again
}

// dynalite's answer to a request, handed to `done` instead of a client.
function askDynalite (req, done) {
  const headers = {}
  const response = {
    statusCode: 200,
    setHeader: (name, value) => { headers[name] = value },
    end: (body) => done(response.statusCode, headers, body),
  }
  dynaliteHandler(req, response)
}

function answer (res, status, data) {
  const body = JSON.stringify(data)
  res.statusCode = status
  res.setHeader('x-amzn-RequestId', randomUUID())
  res.setHeader('x-amz-crc32', crc32.unsigned(body))
  res.setHeader('Content-Type', 'application/x-amz-json-1.0')
  res.setHeader('Content-Length', Buffer.byteLength(body, 'utf8'))
  res.end(body)
}

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
