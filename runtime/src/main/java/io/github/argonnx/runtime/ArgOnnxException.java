package io.github.argonnx.runtime;

/**
 * Thrown when a call cannot be carried out as the ONNX operator version defines it: an input type
 * the version does not accept, an attribute it does not have or a value out of range, a shape that
 * does not match the data, or an output buffer that is too small.
 *
 * <p>The message names the operator and version (for example {@code ArgMax-13}), the attribute or
 * input at fault, the value given and what is allowed. A call refused by its checks has written
 * nothing. A call that fails while it runs, because the executor of its {@link Parallelism} refused a
 * task or a task failed, names that cause (also its {@link #getCause()}); it is thrown once no task
 * of the call is running, so nothing writes to the output after it, which may hold part of the
 * indices.
 */
public class ArgOnnxException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /**
     * A refusal.
     *
     * @param message what was refused, starting with the operator version or the input it is about
     */
    public ArgOnnxException(String message) {
        super(message);
    }

    /**
     * A call that failed for a reason outside the input, kept as the cause.
     *
     * @param message what failed, starting with the operator version
     * @param cause what made the call fail, for example the executor's refusal
     */
    public ArgOnnxException(String message, Throwable cause) {
        super(message, cause);
    }
}
