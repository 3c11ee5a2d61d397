package io.github.argonnx.internal.runtime;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * Watches one entry of a kernel's SIMD loops for a compilation that keeps its vectors as objects,
 * and turns that entry off when it does, so that the kernel runs its plain loop there. Not API.
 *
 * <p>Why: in a JVM that has run the SIMD loops of many types, HotSpot's C2 can compile a loop
 * without the Vector API's intrinsics. The type checks in the Vector API's shared methods fail for
 * each new type, C2 adds their failures up per compilation, and past {@code -XX:PerMethodTrapLimit}
 * it stops speculating on types; the vectors' species are then no constants, and every vector
 * operation allocates its result. Such a loop is slower than the plain one and allocates in
 * proportion to its input ({@code ApplicationBenchmark} on JDK 17, {@code SharedJvmBenchmark}).
 * Users should not need a JVM option to avoid it, so each entry measures, on large calls, what the
 * calling thread allocated; the loops themselves allocate at most a scratch array per call.
 *
 * <p>A loop also allocates its vectors before C2 has compiled it, which can take many calls when the
 * compiler has a queue, and a loop that allocates a little can still beat the plain one. So only
 * calls that allocate at least a byte per two elements count, and only from
 * {@link #WARM_UP_NANOS} after the entry's first measured call on: the entry is turned off after
 * {@value #STREAK} such calls in a row that together read at least {@value #STREAK_ELEMENTS}
 * elements. A call that does not allocate starts the count again. The counts are per entry and
 * shared by the threads that call it without synchronisation: a lost update only delays the decision.
 */
public final class VectorLoopWatch {

    /** Calls over fewer elements are not measured: reading the allocation counter would cost too much. */
    static final long WATCHED_ELEMENTS = 1 << 16;

    /** An allocating call allocates more bytes than this, more than a scratch array of the loops. */
    static final long ALLOCATING_BYTES = 256 << 10;

    /** An allocating call also allocates more than a byte per {@code 2^shift} elements it reads. */
    static final int BYTES_PER_ELEMENT_SHIFT = 1;

    /** From an entry's first measured call, the time the JIT has to compile it before its allocation counts. */
    static final long WARM_UP_NANOS = 10_000_000_000L;

    /** Allocating calls in a row before the entry is turned off. */
    static final int STREAK = 8;

    /** Elements those calls read together, at least, before the entry is turned off. */
    static final long STREAK_ELEMENTS = 1L << 27;

    /** This thread's allocated bytes, or null where the JVM cannot tell. */
    static final LongSupplier THREAD_ALLOCATED = threadAllocatedBytes();

    private final String entry;
    private final LongSupplier allocated;
    private final LongSupplier clock;
    private final Logger logger;
    private boolean off;
    /** {@code clock} at the first measured call, 0 before it. */
    private long firstMeasured;
    private int streak;
    private long streakElements;
    private long streakBytes;

    VectorLoopWatch(String entry, LongSupplier allocated, LongSupplier clock, Logger logger) {
        this.entry = entry;
        this.allocated = allocated;
        this.clock = clock;
        this.logger = logger;
    }

    /**
     * The watch of one entry of a generated SIMD class.
     *
     * @param loops the SIMD class
     * @param method the entry's name, for example {@code reduceStrided}
     * @return a watch that never turns off when this JVM cannot count a thread's allocations
     */
    public static VectorLoopWatch of(Class<?> loops, String method) {
        return new VectorLoopWatch(loops.getSimpleName() + "." + method, THREAD_ALLOCATED, System::nanoTime,
                System.getLogger(VectorSupport.LOGGER));
    }

    /**
     * Whether the entry is off: it then declines every call and the kernel runs its plain loop.
     *
     * @return true once this entry's vectors were found allocated
     */
    public boolean isOff() {
        return off;
    }

    /**
     * Called before a call over {@code elements} elements.
     *
     * @param elements the elements the call reads
     * @return the mark to give to {@link #after}
     */
    public long before(long elements) {
        if (elements < WATCHED_ELEMENTS || allocated == null) {
            return -1;
        }
        if (firstMeasured == 0) {
            firstMeasured = clock.getAsLong() | 1;
        }
        return allocated.getAsLong();
    }

    /**
     * Called after the call that {@code mark} was taken for.
     *
     * @param mark what {@link #before} returned
     * @param elements the elements the call read
     */
    public void after(long mark, long elements) {
        if (mark < 0) {
            return;
        }
        long bytes = allocated.getAsLong() - mark;
        if (bytes <= ALLOCATING_BYTES || bytes <= elements >> BYTES_PER_ELEMENT_SHIFT
                || clock.getAsLong() - firstMeasured < WARM_UP_NANOS) {
            streak = 0;
            streakElements = 0;
            streakBytes = 0;
            return;
        }
        streak++;
        streakElements += elements;
        streakBytes += bytes;
        if (streak >= STREAK && streakElements >= STREAK_ELEMENTS && !off) {
            off = true;
            logger.log(Level.INFO, "ArgONNX: " + entry + " allocated " + streakBytes + " bytes in its last " + streak
                    + " calls over " + streakElements + " elements: the JIT compiled it with its vectors as objects,"
                    + " slower than the plain loop, which runs there from now on");
        }
    }

    /** This thread's allocated bytes, as HotSpot counts them, or null where the JVM cannot tell. */
    private static LongSupplier threadAllocatedBytes() {
        try {
            if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads
                    && threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled()) {
                return threads::getCurrentThreadAllocatedBytes;
            }
        } catch (LinkageError | RuntimeException e) {
            // no jdk.management module: nothing to watch with, and the loops stay on
        }
        return null;
    }
}
