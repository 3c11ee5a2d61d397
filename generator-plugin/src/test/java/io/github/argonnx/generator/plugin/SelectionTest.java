package io.github.argonnx.generator.plugin;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.generator.emit.GeneratedAnnotation;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.OperatorSpec;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SelectionTest {

    private static Selection parse(String pkg, List<String> operators, List<String> versions, List<String> types,
            String annotation) throws InvalidConfigurationException {
        return Selection.parse(pkg, operators, versions, null, types, annotation);
    }

    private static Selection select(List<String> operators, List<String> versions, List<String> types)
            throws InvalidConfigurationException {
        return parse("com.example", operators, versions, types, "javax");
    }

    private static Selection forModels(List<String> operators, List<String> versions, List<String> modelOpsets,
            List<String> types) throws InvalidConfigurationException {
        return Selection.parse("com.example", operators, versions, modelOpsets, types, "javax");
    }

    /** ArgMax 1 (float, int64) and 13 (float, int64, bfloat16); ArgMin 13 only (float). */
    private static List<OperatorSpec> specs() throws Exception {
        return TestSpecs.load(
                TestSpecs.yaml("ArgMax", Map.of(1, List.of("float", "int64"), 13, List.of("float", "int64", "bfloat16"))),
                TestSpecs.yaml("ArgMin", Map.of(13, List.of("float"))));
    }

    private static String problem(Selection selection, List<OperatorSpec> specs) {
        return assertThrows(InvalidConfigurationException.class, () -> selection.checkAgainst(specs)).getMessage();
    }

    @Test
    void defaultsSelectEverything() throws Exception {
        Selection all = parse("io.github.argonnx", null, null, null, "javax");
        GenerationContext context = all.context(specs());
        assertEquals(Set.of(), context.operatorFilter());
        assertEquals(Set.of(), context.opsetFilter());
        assertEquals(Set.of(), context.typeFilter());
        assertEquals(GeneratedAnnotation.JAVAX, context.generatedAnnotation());
        assertEquals("io.github.argonnx", context.basePackage());
    }

    @Test
    void listValuesMayBeCommaSeparatedWithBlanks() throws Exception {
        Selection s = select(List.of("ArgMax, ArgMin"), List.of(" 13,1 "), List.of("int64,float", " bfloat16"));
        assertEquals(Set.of("ArgMax", "ArgMin"), s.operators());
        assertEquals(Set.of(1, 13), s.versions());
        assertEquals(Set.of(ElementType.FLOAT, ElementType.INT64, ElementType.BFLOAT16), s.types());
    }

    @Test
    void equivalentSelectionsHaveEqualFingerprintInputs() throws Exception {
        assertEquals(select(List.of("ArgMax"), List.of("13"), List.of("int64", "float")).fingerprintInputs(),
                select(List.of("ArgMax"), List.of("13"), List.of("float,int64")).fingerprintInputs());
        assertEquals("float,int64",
                select(null, null, List.of("int64", "float")).fingerprintInputs().get("config.types"));
    }

    @Test
    void unknownTypeNameNamesParameterPropertyValueAndAllowedNames() {
        String message = assertThrows(InvalidConfigurationException.class,
                () -> select(null, null, List.of("float", "flaot"))).getMessage();
        assertTrue(message.contains("<types> (property argonnx.types): 'flaot' is not an ONNX element type name"),
                message);
        assertTrue(message.contains("allowed: bfloat16, double, float, float16, int16, int32, int64, int8, uint16,"
                + " uint32, uint64, uint8"), message);
    }

    @Test
    void packageNameMustBeAJavaPackageName() {
        for (String bad : List.of("", "com.example.", "com.1st", "com.example.class", "com-example", "com..x")) {
            String message = assertThrows(InvalidConfigurationException.class,
                    () -> parse(bad, null, null, null, "javax"), bad).getMessage();
            assertTrue(message.contains("<packageName> (property argonnx.packageName): '" + bad
                    + "' is not a Java package name"), message);
        }
        assertDoesNotThrow(() -> parse("com.example.onnx_ops", null, null, null, "javax"));
        assertDoesNotThrow(() -> parse("single", null, null, null, "javax"));
    }

    @Test
    void generatedAnnotationIsJavaxJakartaOrNoneInAnyCase() throws Exception {
        assertEquals(GeneratedAnnotation.JAKARTA, parse("a.b", null, null, null, "Jakarta").generatedAnnotation());
        assertEquals(GeneratedAnnotation.NONE, parse("a.b", null, null, null, "none").generatedAnnotation());
        String message = assertThrows(InvalidConfigurationException.class,
                () -> parse("a.b", null, null, null, "lombok")).getMessage();
        assertTrue(message.contains("<generatedAnnotation> (property argonnx.generatedAnnotation): 'lombok'"
                + " is not a @Generated flavour; allowed: javax, jakarta, none"), message);
    }

    @Test
    void versionsAndModelOpsetsMustBePositiveIntegers() {
        for (String bad : List.of("thirteen", "0", "-1", "13.0")) {
            String message = assertThrows(InvalidConfigurationException.class,
                    () -> select(null, List.of(bad), null)).getMessage();
            assertTrue(message.contains("<versions> (property argonnx.versions): '" + bad + "' is not an operator version"),
                    message);
            message = assertThrows(InvalidConfigurationException.class,
                    () -> forModels(null, null, List.of(bad), null)).getMessage();
            assertTrue(message.contains("<modelOpsets> (property argonnx.modelOpsets): '" + bad
                    + "' is not an ai.onnx opset"), message);
        }
    }

    @Test
    void everyProblemIsReportedTogether() {
        InvalidConfigurationException e = assertThrows(InvalidConfigurationException.class,
                () -> parse("1bad", null, List.of("x"), List.of("flaot", "bool"), "other"));
        assertEquals(5, e.problems().size(), e.getMessage());
        assertTrue(e.getMessage().startsWith("ArgONNX: invalid configuration (5 problems):\n  <packageName>"),
                e.getMessage());
    }

    @Test
    void unknownOperatorListsTheOperatorsInTheSpecs() throws Exception {
        String message = problem(select(List.of("ArgMean"), null, null), specs());
        assertTrue(message.contains("<operators> (property argonnx.operators): 'ArgMean' is not an operator in the"
                + " specs; allowed: ArgMax, ArgMin"), message);
    }

    /** Operator names are case-insensitive, like type names. */
    @Test
    void topKIsSelectedAndGeneratedLikeAnyOperator() throws Exception {
        List<OperatorSpec> specs = new java.util.ArrayList<>(specs());
        specs.addAll(io.github.argonnx.generator.loader.SpecLoader.loadBundled().stream()
                .filter(op -> op.name().equals("TopK")).toList());
        Selection topK = select(List.of("topk"), null, null);
        topK.checkAgainst(specs);
        assertEquals(List.of("TopK"), topK.context(specs).operatorsToGenerate().stream().map(OperatorSpec::name).toList());
        GenerationContext all = select(null, null, null).context(specs);
        assertEquals(List.of("ArgMax", "ArgMin", "TopK"),
                all.operatorsToGenerate().stream().map(OperatorSpec::name).toList());
    }

    @Test
    void operatorNamesAreCaseInsensitiveLikeTypeNames() throws Exception {
        Selection selection = select(List.of("argmax"), null, List.of("FLOAT"));
        selection.checkAgainst(specs());
        assertEquals(List.of("ArgMax"), selection.context(specs()).operatorsToGenerate().stream()
                .map(OperatorSpec::name).toList());
    }

    /** Classes in java.* or javax.* do not compile ("package exists in another module"). */
    @Test
    void packagesOfTheJavaPlatformAreRefused() {
        for (String platform : List.of("java.lang", "java.util", "java", "javax.annotation", "javax")) {
            String message = assertThrows(InvalidConfigurationException.class,
                    () -> parse(platform, null, null, null, "javax"), platform).getMessage();
            assertTrue(message.contains("'" + platform + "' is a package of the Java platform"), message);
        }
        assertDoesNotThrow(() -> parse("javaish.ops", null, null, null, "javax"));
    }

    @Test
    void aVersionThatNoSelectedOperatorHasListsTheirVersions() throws Exception {
        String message = problem(select(null, List.of("13", "12"), null), specs());
        assertTrue(message.contains("<versions> (property argonnx.versions): '12' is not a version of any selected"
                + " operator (ArgMax: 1, 13; ArgMin: 13); for a model's opset use <modelOpsets> (at opset 12: ArgMax-1)"),
                message);
        assertTrue(!message.contains("'13'"), message);
    }

    /** A model's opset given as a version is one problem, naming the parameter meant; no type cascades. */
    @Test
    void aModelsOpsetGivenAsAVersionIsOneProblemThatNamesModelOpsets() throws Exception {
        InvalidConfigurationException e = assertThrows(InvalidConfigurationException.class,
                () -> select(List.of("ArgMax"), List.of("17"), List.of("float")).checkAgainst(specs()));
        assertEquals(List.of("<versions> (property argonnx.versions): '17' is not an ArgMax version (1, 13); for a"
                + " model's opset use <modelOpsets> (at opset 17: ArgMax-13)"), e.problems());
    }

    @Test
    void aVersionBeyondEveryKnownOpsetGetsNoModelOpsetHint() throws Exception {
        InvalidConfigurationException e = assertThrows(InvalidConfigurationException.class,
                () -> select(List.of("ArgMax"), List.of("27"), null).checkAgainst(specs()));
        assertEquals(List.of("<versions> (property argonnx.versions): '27' is not an ArgMax version (1, 13)"),
                e.problems());
    }

    @Test
    void aModelOpsetSelectsTheVersionInForceOfEachSelectedOperator() throws Exception {
        List<OperatorSpec> specs = specs();
        Selection s = forModels(null, null, List.of("17"), null);
        s.checkAgainst(specs);
        GenerationContext context = s.context(specs);
        for (OperatorSpec op : context.operatorsToGenerate()) {
            assertEquals(List.of(13), context.versionsToGenerate(op).stream().map(v -> v.sinceVersion()).toList(),
                    op.name());
        }
        Selection both = forModels(List.of("ArgMax"), List.of("1"), List.of("12"), null);
        both.checkAgainst(specs);
        assertEquals(Set.of(1), both.resolvedVersions(specs));
        assertEquals(Set.of(1, 13), forModels(List.of("ArgMax"), List.of("1"), List.of("26"), null)
                .resolvedVersions(specs));
    }

    @Test
    void aModelOpsetWithNoVersionInForceOrBeyondTheKnownOnesIsRefusedAlone() throws Exception {
        InvalidConfigurationException e = assertThrows(InvalidConfigurationException.class,
                () -> forModels(List.of("ArgMin"), null, List.of("12", "27"), List.of("float")).checkAgainst(specs()));
        assertEquals(List.of(
                "<modelOpsets> (property argonnx.modelOpsets): '12' is not an ai.onnx opset at which ArgMin has a"
                        + " version (known opsets: 13 to 26)",
                "<modelOpsets> (property argonnx.modelOpsets): '27' is not an ai.onnx opset at which ArgMin has a"
                        + " version (known opsets: 13 to 26)"), e.problems());
    }

    @Test
    void anOperatorWithNoVersionInForceAtTheModelOpsetIsAnEmptySelection() throws Exception {
        String message = problem(forModels(null, null, List.of("5"), null), specs());
        assertTrue(message.contains("<modelOpsets> (property argonnx.modelOpsets): ArgMin has none of the selected"
                + " versions [1] (<modelOpsets> [5] included), so the selection generates nothing for it"), message);
    }

    @Test
    void versionsAndModelOpsetsAreBothFingerprinted() throws Exception {
        assertEquals("13", select(null, List.of("13"), null).fingerprintInputs().get("config.versions"));
        Selection model = forModels(null, null, List.of("17"), null);
        assertEquals("", model.fingerprintInputs().get("config.versions"));
        assertEquals("17", model.fingerprintInputs().get("config.modelOpsets"));
    }

    @Test
    void typeThatNoSelectedVersionAcceptsListsTheAcceptedTypes() throws Exception {
        String message = problem(select(List.of("ArgMax"), List.of("1"), List.of("float", "bfloat16")), specs());
        assertTrue(message.contains("<types> (property argonnx.types): 'bfloat16' is accepted by no selected operator"
                + " version; allowed: float, int64"), message);
    }

    @Test
    void anOperatorLeftWithNoVersionIsAnEmptySelection() throws Exception {
        String message = problem(select(null, List.of("1"), null), specs());
        assertTrue(message.contains("<versions> (property argonnx.versions): ArgMin has none of the selected versions [1],"
                + " so the selection generates nothing for it"), message);
    }

    @Test
    void anOperatorLeftWithNoTypeIsAnEmptySelection() throws Exception {
        String message = problem(select(null, List.of("13"), List.of("int64")), specs());
        assertTrue(message.contains("<types> (property argonnx.types): ArgMin accepts none of the selected types"
                + " [int64] in the selected versions"), message);
        assertTrue(message.contains("add types it accepts (float)"), message);
    }

    @Test
    void aValidSubsetPassesAndReachesTheGenerator() throws Exception {
        List<OperatorSpec> specs = specs();
        Selection s = select(List.of("ArgMax"), List.of("13"), List.of("float", "int64"));
        assertDoesNotThrow(() -> s.checkAgainst(specs));
        GenerationContext context = s.context(specs);
        assertEquals(List.of("ArgMax"), context.operatorsToGenerate().stream().map(OperatorSpec::name).toList());
        assertEquals(List.of(13), context.versionsToGenerate(context.operatorsToGenerate().get(0)).stream()
                .map(v -> v.sinceVersion()).toList());
        assertEquals(Set.of(ElementType.FLOAT, ElementType.INT64), context.typesToGenerate(context.operatorsToGenerate().get(0)));
    }
}
