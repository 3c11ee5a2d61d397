package io.github.argonnx.generator.emit.docs;

import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.ParameterSpec;
import io.github.argonnx.generator.model.TypeConstraintSpec;
import io.github.argonnx.generator.model.VersionSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What changed from one version of an operator to the next, read off the two {@link VersionSpec}s.
 *
 * <p>Each change is one line of Markdown, in a fixed order: summary, attributes, inputs, outputs,
 * type constraints, then the schema flags. Prose is compared sentence by sentence, so a reworded
 * sentence shows as such and a new rule ("The input tensor must not be empty.") shows on its own.
 */
public final class VersionChanges {

    /** Two sentences this alike (Dice coefficient over their words) count as one reworded sentence. */
    private static final double REWORDED_SIMILARITY = 0.6;

    /** A rewording is told as word substitutions when it has at most this many, each of at most so many words. */
    private static final int MAX_SUBSTITUTIONS = 3;

    private static final int MAX_SUBSTITUTED_WORDS = 4;

    private VersionChanges() {}

    /** The changes from {@code previous} to {@code current}; empty when the specs agree. */
    public static List<String> between(VersionSpec previous, VersionSpec current) {
        List<String> changes = new ArrayList<>();
        prose("Summary", previous.summary(), current.summary(), changes);
        attributes(previous, current, changes);
        parameters("Input", previous.inputs(), current.inputs(), changes);
        parameters("Output", previous.outputs(), current.outputs(), changes);
        typeConstraints(previous, current, changes);
        if (previous.function() != current.function()) {
            changes.add("Defined as a function: " + DocText.yesNo(previous.function()) + " → "
                    + DocText.yesNo(current.function()) + ".");
        }
        if (!previous.supportLevel().equals(current.supportLevel())) {
            changes.add("Support level: " + previous.supportLevel() + " → " + current.supportLevel() + ".");
        }
        if (previous.shapeInference() != current.shapeInference()) {
            changes.add("Shape inference: " + DocText.yesNo(previous.shapeInference()) + " → "
                    + DocText.yesNo(current.shapeInference()) + ".");
        }
        return changes;
    }

    private static void attributes(VersionSpec previous, VersionSpec current, List<String> changes) {
        Map<String, AttributeSpec> before = byName(previous.attributes(), AttributeSpec::name);
        for (AttributeSpec now : current.attributes()) {
            AttributeSpec was = before.get(now.name());
            String subject = "Attribute `" + now.name() + "`";
            if (was == null) {
                changes.add(subject + " added: " + DocText.attributeSummary(now) + ".");
                continue;
            }
            if (was.type() != now.type()) {
                changes.add(subject + ": type " + was.type() + " → " + now.type() + ".");
            }
            if (!was.defaultValue().equals(now.defaultValue())) {
                if (now.required()) {
                    changes.add(subject + " is now required (default was " + DocText.defaultOf(was) + ").");
                } else if (was.required()) {
                    changes.add(subject + " is now optional, default " + DocText.defaultOf(now) + ".");
                } else {
                    changes.add(subject + ": default " + DocText.defaultOf(was) + " → " + DocText.defaultOf(now) + ".");
                }
            }
            if (!was.constraint().equals(now.constraint())) {
                if (was.constraint().isEmpty()) {
                    changes.add(subject + ": range stated, " + DocText.constraintOf(now) + ".");
                } else if (now.constraint().isEmpty()) {
                    changes.add(subject + ": range no longer stated (was " + DocText.constraintOf(was) + ").");
                } else {
                    changes.add(subject + ": range " + DocText.constraintOf(was) + " → "
                            + DocText.constraintOf(now) + ".");
                }
            }
            prose(subject + " doc", was.doc(), now.doc(), changes);
        }
        for (AttributeSpec was : previous.attributes()) {
            if (current.attribute(was.name()).isEmpty()) {
                changes.add("Attribute `" + was.name() + "` removed.");
            }
        }
    }

    private static void parameters(
            String what, List<ParameterSpec> previous, List<ParameterSpec> current, List<String> changes) {
        Map<String, ParameterSpec> before = byName(previous, ParameterSpec::name);
        Map<String, ParameterSpec> after = byName(current, ParameterSpec::name);
        for (ParameterSpec now : current) {
            ParameterSpec was = before.get(now.name());
            String subject = what + " `" + now.name() + "`";
            if (was == null) {
                changes.add(subject + " added: " + now.type() + (now.nonEmpty() ? ", must not be empty" : "") + ".");
                continue;
            }
            if (!was.type().equals(now.type())) {
                changes.add(subject + ": type " + was.type() + " → " + now.type() + ".");
            }
            if (was.heterogeneous() != now.heterogeneous()) {
                changes.add(subject + ": heterogeneous " + DocText.yesNo(was.heterogeneous()) + " → "
                        + DocText.yesNo(now.heterogeneous()) + ".");
            }
            if (!was.nonEmpty() && now.nonEmpty()) {
                changes.add(subject + " must not be empty (new in this version).");
            } else if (was.nonEmpty() && !now.nonEmpty()) {
                changes.add(subject + " is no longer required to be non-empty.");
            }
            prose(subject + " doc", was.doc(), now.doc(), changes);
        }
        for (ParameterSpec was : previous) {
            if (!after.containsKey(was.name())) {
                changes.add(what + " `" + was.name() + "` removed.");
            }
        }
    }

    private static void typeConstraints(VersionSpec previous, VersionSpec current, List<String> changes) {
        for (TypeConstraintSpec now : current.typeConstraints()) {
            String subject = "Type constraint `" + now.parameter() + "`";
            Optional<TypeConstraintSpec> found = previous.typeConstraint(now.parameter());
            if (found.isEmpty()) {
                changes.add(subject + " added: " + typeList(now.allowedTypes()) + ".");
                continue;
            }
            TypeConstraintSpec was = found.get();
            List<ElementType> added = now.allowedTypes().stream().filter(t -> !was.allowedTypes().contains(t)).toList();
            List<ElementType> removed = was.allowedTypes().stream().filter(t -> !now.allowedTypes().contains(t)).toList();
            if (!added.isEmpty()) {
                changes.add(subject + " adds " + typeList(added) + ".");
            }
            if (!removed.isEmpty()) {
                changes.add(subject + " drops " + typeList(removed) + ".");
            }
            prose(subject + " doc", was.doc(), now.doc(), changes);
        }
        for (TypeConstraintSpec was : previous.typeConstraints()) {
            if (current.typeConstraint(was.parameter()).isEmpty()) {
                changes.add("Type constraint `" + was.parameter() + "` removed.");
            }
        }
    }

    private static String typeList(List<ElementType> types) {
        return types.stream().map(t -> "`" + t.tensorTypeName() + "`").collect(Collectors.joining(", "));
    }

    /** Sentence-level differences between two versions of a text, as "adds", "drops", "rewords" and "moves" lines. */
    static void prose(String subject, String previous, String current, List<String> changes) {
        List<String> before = DocText.sentences(previous);
        List<String> after = DocText.sentences(current);
        if (before.equals(after)) {
            return;
        }
        boolean[][] common = commonItems(before, after);
        List<String> removed = new ArrayList<>();
        List<String> added = new ArrayList<>();
        for (int i = 0; i < before.size(); i++) {
            if (!common[0][i]) {
                removed.add(before.get(i));
            }
        }
        for (int j = 0; j < after.size(); j++) {
            if (!common[1][j]) {
                added.add(after.get(j));
            }
        }
        // Pair each dropped sentence with the same or the most similar new one: moved or reworded.
        String[] rewordingOf = new String[added.size()];
        boolean[] reworded = new boolean[removed.size()];
        for (int r = 0; r < removed.size(); r++) {
            int same = added.indexOf(removed.get(r));
            if (same >= 0 && rewordingOf[same] == null) {
                rewordingOf[same] = removed.get(r);
                reworded[r] = true;
            }
        }
        for (int r = 0; r < removed.size(); r++) {
            if (reworded[r]) {
                continue;
            }
            int best = -1;
            double bestScore = REWORDED_SIMILARITY;
            for (int a = 0; a < added.size(); a++) {
                double score = rewordingOf[a] == null ? similarity(removed.get(r), added.get(a)) : -1;
                if (score > bestScore || (best < 0 && score == bestScore)) {
                    best = a;
                    bestScore = score;
                }
            }
            if (best >= 0) {
                rewordingOf[best] = removed.get(r);
                reworded[r] = true;
            }
        }
        // In the order of the new text: rewordings where the new sentence stands, then what was dropped.
        for (int a = 0; a < added.size(); a++) {
            if (rewordingOf[a] == null) {
                changes.add(subject + " adds “" + added.get(a) + "”");
            } else if (rewordingOf[a].equals(added.get(a))) {
                changes.add(subject + " moves “" + added.get(a) + "”");
            } else {
                String words = wordSubstitutions(rewordingOf[a], added.get(a));
                changes.add(words != null
                        ? subject + ": " + words + " in “" + added.get(a) + "”"
                        : subject + " rewords “" + rewordingOf[a] + "” as “" + added.get(a) + "”");
            }
        }
        for (int r = 0; r < removed.size(); r++) {
            if (!reworded[r]) {
                changes.add(subject + " drops “" + removed.get(r) + "”");
            }
        }
    }

    /**
     * A short account of a small rewording, {@code “resulted” → “resulting”, “have” → “has”}: only when every
     * difference replaces a few words with a few others; null otherwise.
     */
    static String wordSubstitutions(String before, String after) {
        List<String> a = List.of(before.split(" "));
        List<String> b = List.of(after.split(" "));
        boolean[][] common = commonItems(a, b);
        List<String> substitutions = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.size() || j < b.size()) {
            if (i < a.size() && j < b.size() && common[0][i] && common[1][j]) {
                i++;
                j++;
                continue;
            }
            int fromI = i;
            int fromJ = j;
            while (i < a.size() && !common[0][i]) {
                i++;
            }
            while (j < b.size() && !common[1][j]) {
                j++;
            }
            int removed = i - fromI;
            int added = j - fromJ;
            if (removed == 0 || added == 0 || removed > MAX_SUBSTITUTED_WORDS || added > MAX_SUBSTITUTED_WORDS) {
                return null;
            }
            substitutions.add("“" + String.join(" ", a.subList(fromI, i)) + "” → “"
                    + String.join(" ", b.subList(fromJ, j)) + "”");
        }
        return substitutions.isEmpty() || substitutions.size() > MAX_SUBSTITUTIONS
                ? null
                : String.join(", ", substitutions);
    }

    /** Marks the items (sentences or words) of a longest common subsequence: [0][i] in {@code before}, [1][j] in {@code after}. */
    private static boolean[][] commonItems(List<String> before, List<String> after) {
        int[][] length = new int[before.size() + 1][after.size() + 1];
        for (int i = before.size() - 1; i >= 0; i--) {
            for (int j = after.size() - 1; j >= 0; j--) {
                length[i][j] = before.get(i).equals(after.get(j))
                        ? length[i + 1][j + 1] + 1
                        : Math.max(length[i + 1][j], length[i][j + 1]);
            }
        }
        boolean[][] common = {new boolean[before.size()], new boolean[after.size()]};
        int i = 0;
        int j = 0;
        while (i < before.size() && j < after.size()) {
            if (before.get(i).equals(after.get(j))) {
                common[0][i++] = true;
                common[1][j++] = true;
            } else if (length[i + 1][j] >= length[i][j + 1]) {
                i++;
            } else {
                j++;
            }
        }
        return common;
    }

    /** Dice coefficient of the two sentences' word multisets, case-insensitive. */
    static double similarity(String a, String b) {
        List<String> wordsA = words(a);
        List<String> wordsB = new ArrayList<>(words(b));
        int total = wordsA.size() + wordsB.size();
        if (total == 0) {
            return 1;
        }
        int shared = 0;
        for (String w : wordsA) {
            if (wordsB.remove(w)) {
                shared++;
            }
        }
        return 2.0 * shared / total;
    }

    private static List<String> words(String sentence) {
        return List.of(sentence.toLowerCase(java.util.Locale.ROOT).split("[^\\p{L}\\p{N}_]+")).stream()
                .filter(w -> !w.isEmpty()).toList();
    }

    private static <T> Map<String, T> byName(List<T> items, Function<T, String> name) {
        Map<String, T> map = new HashMap<>();
        for (T item : items) {
            map.put(name.apply(item), item);
        }
        return map;
    }
}
