package io.github.argonnx.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.junit.jupiter.api.Test;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The module's API boundary, stated once in its package doc: the public types are the ones it lists as
 * API and the ones it lists as not API; those are Catalyst expressions, which Spark copies through
 * reflection from its own packages (so they cannot be package-private); and the API shows no other type
 * of the module in a public signature.
 */
class ApiBoundaryTest extends SparkTestSession {
    private static final String PACKAGE = "io.github.argonnx.spark.";
    private static final Path PACKAGE_DOC = Path.of("src/main/java/io/github/argonnx/spark/package-info.java");

    @Test
    void thePublicTypesAreTheOnesThePackageDocLists() throws Exception {
        Set<String> api = listed("API");
        Set<String> notApi = listed("Not API");
        assertTrue(Collections.disjoint(api, notApi), api + " and " + notApi);
        Set<String> documented = new TreeSet<>(api);
        documented.addAll(notApi);
        Path classes = Path.of(ArgOnnxFunctions.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Set<String> exported = new TreeSet<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String relative = classes.relativize(file).toString().replace('\\', '/');
                String name = relative.substring(0, relative.length() - ".class".length()).replace('/', '.');
                if (!name.endsWith("package-info") && isExported(Class.forName(name, false, getClass().getClassLoader()))) {
                    exported.add(name);
                }
            }
        }
        assertEquals(documented, exported, "the public types must be the package doc's lists, API and not API");
        assertEquals(Set.of(PACKAGE + "ArgOnnxFunctions", PACKAGE + "ShardedTensor", PACKAGE + "ArgOnnxSparkExample"), api);
    }

    @Test
    void theTypesThatAreNotApiAreExpressionsSparkCopies() throws Exception {
        LogicalPlan plan = spark.sql("SELECT argmax(array(1, 2)), argmin_agg(id, id), top_k(array(1, 2), 1),"
                + " top_k_agg(id, id, 2), top_k_agg(id, id, 200) FROM range(3)").queryExecution().analyzed();
        List<Expression> found = new ArrayList<>();
        for (Expression expression : CollectionConverters.asJava(plan.expressions())) {
            walk(expression, found);
        }
        Set<String> copied = new TreeSet<>();
        for (Expression expression : found) {
            if (expression.getClass().getName().startsWith(PACKAGE)) {
                // Spark's own copy: it finds a public constructor of the class and calls it from its package.
                Object[] arguments = CollectionConverters.asJava(expression.productIterator().toList()).toArray();
                assertEquals(expression, expression.makeCopy(arguments), expression.getClass().getName());
                copied.add(expression.getClass().getName());
            }
        }
        assertEquals(listed("Not API"), copied, "the expressions a query holds, copied as Spark copies them");
    }

    @Test
    void theApiShowsNoTypeThatIsNotApiInAPublicSignature() throws Exception {
        List<String> leaks = new ArrayList<>();
        for (String name : listed("API")) {
            Class<?> type = Class.forName(name);
            List<Executable> members = new ArrayList<>(Arrays.asList(type.getDeclaredMethods()));
            members.addAll(Arrays.asList(type.getDeclaredConstructors()));
            List<Type> shown = new ArrayList<>();
            for (Executable member : members) {
                if (Modifier.isPublic(member.getModifiers()) && !member.isSynthetic()) {
                    shown.addAll(Arrays.asList(member.getGenericParameterTypes()));
                    shown.addAll(Arrays.asList(member.getGenericExceptionTypes()));
                    if (member instanceof Method method) {
                        shown.add(method.getGenericReturnType());
                    }
                }
            }
            for (Field field : type.getDeclaredFields()) {
                if (Modifier.isPublic(field.getModifiers())) {
                    shown.add(field.getGenericType());
                }
            }
            for (Type t : shown) {
                if (t.getTypeName().contains(PACKAGE) && !listed("API").contains(t.getTypeName())) {
                    leaks.add(name + ": " + t.getTypeName());
                }
            }
        }
        assertEquals(List.of(), leaks, "API members that show types that are not API");
    }

    /** An expression, its children, and for an aggregate its update and merge expressions. */
    private static void walk(Expression expression, List<Expression> found) {
        found.add(expression);
        List<Expression> next = new ArrayList<>(CollectionConverters.asJava(expression.children()));
        if (expression instanceof ArgExtremeAggregate aggregate) {
            next.addAll(CollectionConverters.asJava(aggregate.updateExpressions()));
            next.addAll(CollectionConverters.asJava(aggregate.mergeExpressions()));
        }
        for (Expression child : next) {
            walk(child, found);
        }
    }

    /** The types a paragraph of the package doc ("API:" or "Not API:") links to. */
    private static Set<String> listed(String paragraph) throws IOException {
        String doc = Files.readString(PACKAGE_DOC, StandardCharsets.UTF_8);
        int start = doc.indexOf("<p>" + paragraph + ":");
        assertTrue(start >= 0, PACKAGE_DOC + " has no paragraph " + paragraph);
        int end = doc.indexOf("<p>", start + 1);
        Matcher link = Pattern.compile("\\{@link (io\\.github\\.argonnx\\.spark\\.\\w+)}")
                .matcher(doc.substring(start, end < 0 ? doc.length() : end));
        Set<String> types = new TreeSet<>();
        while (link.find()) {
            types.add(link.group(1));
        }
        return types;
    }

    /** Public, and so is every class it is nested in. */
    private static boolean isExported(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getDeclaringClass()) {
            if (!Modifier.isPublic(c.getModifiers()) || c.isAnonymousClass() || c.isLocalClass()) {
                return false;
            }
        }
        return true;
    }
}
