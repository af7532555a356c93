import ClerkCore
#if canImport(Glibc)
import Glibc
#endif

/// `clerk parse --jsonl` on two threads: the calling thread reads each request and its dates
/// (`ParseBatch.Requests`), a second thread routes it and writes its answer
/// (`ParseBatch.Answers`). Besides using a second core, each core then runs half of the code
/// a line needs, which stays in its instruction cache: on one thread, the routing and the
/// writing pushed the date reader's code out of the cache at every line (BENCHMARKS.md).
/// The answers are the same bytes, in the same order.
package enum ParsePipeline {
    /// Lines handed over at once: few enough that an answer is not held back long.
    static let batchSize = 64

    /// Answers every line `nextLine` gives (its bytes as `readLine()` cuts them, nil at the
    /// end), handing the answers to `write` on the second thread whenever `hasLineReady`
    /// says the next line would be waited for, and every 64 KiB. True when every line was
    /// answered without an error; nil when the second thread cannot be started (the caller
    /// answers on one thread). A line given as no bytes is asked about with `tooLong`: a line
    /// too long to read (its number and first bytes) gets an `{"id", "error"}` answer.
    package static func run(nextLine: () -> ArraySlice<UInt8>?, tooLong: () -> (line: Int, start: [UInt8])? = { nil },
                            hasLineReady: () -> Bool,
                            write: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Void,
                            requests: ParseBatch.Requests, answers: ParseBatch.Answers) -> Bool? {
        let queue = BatchQueue()
        let answering = AnsweringThread(answers: answers, queue: queue, write: write)
        guard answering.start() else { return nil }
        var lines = BatchQueue.Batch()
        while let line = nextLine() {
            if line.isEmpty, let skipped = tooLong() {
                lines.append(requests.prepareTooLong(line: skipped.line, start: skipped.start))
            } else {
                lines.append(line.withUnsafeBufferPointer { requests.prepare(input: $0) })
            }
            // Before clerk would wait for input, the lines read so far are answered and
            // written, so that a reader of the pipe has them.
            let waits = !hasLineReady()
            if lines.isFull || waits {
                lines.flush = waits
                queue.put(lines)
                lines = BatchQueue.Batch()
            }
        }
        lines.flush = true
        queue.put(lines)
        queue.close()
        return answering.join()
    }
}

/// The batches of prepared lines on their way from the reading thread to the answering
/// one, in order; at most `limit` wait, so reading never runs far ahead of answering.
final class BatchQueue: @unchecked Sendable {
    /// Up to `ParsePipeline.batchSize` lines, made on one thread and moved out (not copied)
    /// on the other: an array's elements were copied out and destroyed again.
    struct Batch: @unchecked Sendable {
        private let lines = UnsafeMutablePointer<ParseBatch.Prepared>.allocate(capacity: ParsePipeline.batchSize)
        private(set) var count = 0
        /// Write the answers out after this batch (clerk is about to wait for input).
        var flush = false

        var isFull: Bool { count == ParsePipeline.batchSize }

        mutating func append(_ line: consuming ParseBatch.Prepared) {
            (lines + count).initialize(to: line)
            count += 1
        }

        /// Hands each line to `body`, moved out, and frees the batch: call it once.
        func consume(_ body: (consuming ParseBatch.Prepared) -> Void) {
            for i in 0..<count { body((lines + i).move()) }
            lines.deallocate()
        }
    }

    static let limit = 4
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var waiting: [Batch] = []
    private var closed = false

    init() {
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        changed.deallocate()
        lock.deallocate()
    }

    /// Adds a batch, waiting while `limit` are waiting.
    func put(_ batch: Batch) {
        pthread_mutex_lock(lock)
        while waiting.count >= Self.limit { pthread_cond_wait(changed, lock) }
        waiting.append(batch)
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }

    /// No batch will follow.
    func close() {
        pthread_mutex_lock(lock)
        closed = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }

    /// The next batch, waiting for one; nil once the queue is closed and empty.
    func take() -> Batch? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while waiting.isEmpty && !closed { pthread_cond_wait(changed, lock) }
        guard !waiting.isEmpty else { return nil }
        let batch = waiting.removeFirst()
        pthread_cond_broadcast(changed)
        return batch
    }
}

/// The thread that answers the prepared lines and hands the answers to `write`.
final class AnsweringThread: @unchecked Sendable {
    private let answers: ParseBatch.Answers
    private let queue: BatchQueue
    private let write: @Sendable (UnsafeBufferPointer<UInt8>) -> Void
    private var thread = pthread_t()
    /// Whether every line was answered without an error; read after `join`.
    private var allAnswered = true

    init(answers: ParseBatch.Answers, queue: BatchQueue, write: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Void) {
        self.answers = answers
        self.queue = queue
        self.write = write
    }

    /// Starts the thread; false when it cannot be started.
    func start() -> Bool {
        let context = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(&thread, nil, { context in
            let me = Unmanaged<AnsweringThread>.fromOpaque(context!).takeRetainedValue()
            me.run()
            return nil
        }, context)
        if started != 0 { Unmanaged<AnsweringThread>.fromOpaque(context).release() }
        return started == 0
    }

    /// Waits for the thread to answer every line; true when none was an error.
    func join() -> Bool {
        pthread_join(thread, nil)
        return allAnswered
    }

    /// The answers are written after each batch that ends where clerk waits for input, and
    /// every 64 KiB: one write(2) for many lines.
    private func run() {
        var out = ByteWriter(capacity: 1 << 17)
        while let batch = queue.take() {
            batch.consume { prepared in
                guard let ok = answers.finish(consume prepared, to: &out) else { return }
                if !ok { allAnswered = false }
                out.append(0x0A)
            }
            if out.count >= 1 << 16 || batch.flush {
                out.withBytes { write($0) }
                out.removeAll()
            }
        }
        out.withBytes { write($0) }
    }
}
