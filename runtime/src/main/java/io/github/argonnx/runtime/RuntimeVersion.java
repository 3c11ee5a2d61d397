package io.github.argonnx.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.security.CodeSource;
import java.util.Properties;

/**
 * Checks that generated code and the runtime on the class path belong together, before the generated
 * code uses anything else of the runtime.
 *
 * <p>Generated code and this runtime meet at an API level: a number that rises whenever generated code
 * starts to call something an earlier runtime lacks, or this runtime changes something earlier generated
 * code calls. The generator writes the level it generates for into the operator API's entry points
 * ({@code ArgMax.version}, {@code ArgMax.latest}, the {@code Tensor} factories), which call
 * {@link #require} first; a mismatch then fails that first call with an {@link ArgOnnxException} naming
 * both levels and this runtime's version, instead of a {@code NoSuchMethodError} deep in a kernel.
 *
 * <p>This class, its name, {@link #require(int, Class)} and the types it uses (only {@code int},
 * {@code Class} and {@link ArgOnnxException}) never change: code generated for any level links this
 * method first, so it has to be there, with this signature, in every runtime, older or newer.
 */
public final class RuntimeVersion {

    /** Private, read through {@link #apiLevel()}: javac never copies it into the callers' class files. */
    private static final int API_LEVEL = 5;

    private static final String VERSION = readVersion();

    private RuntimeVersion() {}

    /**
     * The API level generated code must be generated for to run with this runtime.
     *
     * @return the API level
     */
    public static int apiLevel() {
        return API_LEVEL;
    }

    /**
     * This runtime's version ({@code argonnx-runtime}'s Maven version), or {@code "unknown"}.
     *
     * @return the version
     */
    public static String version() {
        return VERSION;
    }

    /**
     * Passes when {@code generated} was generated for this runtime's API level.
     *
     * @param generatedLevel the API level the generator wrote into {@code generated}
     * @param generated the generated class that calls, named in the message
     * @throws ArgOnnxException naming both levels, this runtime's version and where it was loaded from,
     *     when the levels differ
     */
    public static void require(int generatedLevel, Class<?> generated) {
        if (generatedLevel != API_LEVEL) {
            throw new ArgOnnxException(mismatch(generatedLevel, generated.getName()));
        }
    }

    static String mismatch(int generatedLevel, String generated) {
        return generated + " was generated for argonnx-runtime API level " + generatedLevel
                + ", but the argonnx-runtime on the class path is version " + VERSION + " (API level " + API_LEVEL
                + ", from " + location() + "), which is " + (generatedLevel > API_LEVEL ? "older" : "newer")
                + " than the generator: use the argonnx-runtime of the same version as the argonnx-maven-plugin"
                + " (or argonnx-kernels) that generated " + generated + ", or regenerate with argonnx-maven-plugin "
                + VERSION;
    }

    private static String location() {
        CodeSource source = RuntimeVersion.class.getProtectionDomain().getCodeSource();
        return source == null || source.getLocation() == null ? "an unknown location" : source.getLocation().toString();
    }

    private static String readVersion() {
        Properties properties = new Properties();
        try (InputStream in = RuntimeVersion.class.getResourceAsStream("argonnx-runtime.properties")) {
            if (in == null) {
                return "unknown";
            }
            properties.load(in);
        } catch (IOException e) {
            return "unknown";
        }
        return properties.getProperty("version", "unknown");
    }
}
