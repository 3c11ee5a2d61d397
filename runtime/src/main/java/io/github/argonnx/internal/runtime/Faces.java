package io.github.argonnx.internal.runtime;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How generated code turns internal state into the API type that faces it, and back: a
 * {@link ReductionSignature} into a {@code PartialSignature}, an {@link OutputIndices} into an
 * {@code ArgResult}, a {@link TopKValuesAndIndices} into a {@code TopKResult}, and an {@code ArgAccumulator} or a {@code Parallelism} into the {@link Accumulation}
 * or {@link Workers} it wraps. Not API.
 *
 * <p>It exists because the API types show users no internal type, not even in a constructor, while the
 * generated operators, which live in the consumer's package, build signatures and results from internal
 * state and feed accumulators chunks in a kernel's form. Each API type installs its own {@link Face} when
 * it is initialised; this class names no API type, so the internal runtime depends on the API package
 * for {@code ArgOnnxException} alone.
 */
public final class Faces {

    /**
     * An API type's face over the internal state it owns.
     *
     * @param <S> the internal state
     * @param <F> the API type
     */
    public interface Face<S, F> {
        /**
         * The API object over {@code state}, which it takes without a copy.
         *
         * @param state the internal state
         * @return the API object
         */
        F wrap(S state);

        /**
         * The internal state an API object wraps.
         *
         * @param face the API object, not null
         * @return its state
         */
        S state(F face);
    }

    private record Installed(Class<?> stateType, Face<?, ?> face) {}

    private static final Map<Class<?>, Installed> INSTALLED = new ConcurrentHashMap<>();

    private Faces() {}

    /**
     * Called once per API type, by that type when it is initialised; any other call is refused.
     *
     * @param <S> the internal state
     * @param <F> the API type
     * @param faceType the API type
     * @param stateType the internal state it wraps
     * @param face the face, a class of the API type's own package
     * @throws IllegalStateException if the type installed a face before, or the face is of another package
     */
    public static <S, F> void install(Class<F> faceType, Class<S> stateType, Face<S, F> face) {
        if (!face.getClass().getPackageName().equals(faceType.getPackageName())
                || INSTALLED.putIfAbsent(faceType, new Installed(stateType, face)) != null) {
            throw new IllegalStateException("Faces.install: " + faceType.getName() + " installs its own face, once");
        }
    }

    /**
     * The face of an API type, installed by initialising that type the first time it is asked for.
     *
     * @param <S> the internal state
     * @param <F> the API type
     * @param faceType the API type
     * @param stateType the internal state it wraps
     * @return the face
     * @throws IllegalStateException if the type installs no face over {@code stateType}
     */
    @SuppressWarnings("unchecked") // install stored the face with its state type, checked here
    public static <S, F> Face<S, F> of(Class<F> faceType, Class<S> stateType) {
        Installed installed = INSTALLED.get(faceType);
        if (installed == null) {
            try {
                Class.forName(faceType.getName(), true, faceType.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(faceType.getName() + " cannot be initialised", e);
            }
            installed = INSTALLED.get(faceType);
        }
        if (installed == null || installed.stateType() != stateType) {
            throw new IllegalStateException(faceType.getName() + " installs no face over " + stateType.getName());
        }
        return (Face<S, F>) installed.face();
    }
}
