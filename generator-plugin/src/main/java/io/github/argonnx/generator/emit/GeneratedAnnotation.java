package io.github.argonnx.generator.emit;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import java.util.Optional;

/** Which {@code @Generated} annotation generated classes carry. */
public enum GeneratedAnnotation {
    /** {@code javax.annotation.processing.Generated}, in the JDK since 9. */
    JAVAX("javax.annotation.processing"),
    /** {@code jakarta.annotation.Generated}, for builds that have jakarta.annotation-api. */
    JAKARTA("jakarta.annotation"),
    /** No annotation; the header comment still marks the file as generated. */
    NONE(null);

    private final String packageName;

    GeneratedAnnotation(String packageName) {
        this.packageName = packageName;
    }

    /** The annotation to put on a generated type, naming the generator and the spec it came from. */
    public Optional<AnnotationSpec> annotation(String generator, String comments) {
        if (packageName == null) {
            return Optional.empty();
        }
        return Optional.of(AnnotationSpec.builder(ClassName.get(packageName, "Generated"))
                .addMember("value", "$S", generator)
                .addMember("comments", "$S", comments)
                .build());
    }
}
