// A complete ORM2 document as NORMA (the Natural ORM Architect) saves it: the model
// "Person (.id) has Name; Person was born in Country (.code)" with its reference-mode fact
// types, the constraints NORMA derives for them, data types and one diagram. Agents copy
// its structure, so every id is a real "_" + upper-case GUID and every ref resolves.
export const ORM2_TEMPLATE = `<?xml version="1.0" encoding="utf-8"?>
<ormRoot:ORM2 xmlns:orm="http://schemas.neumont.edu/ORM/2006-04/ORMCore" xmlns:ormDiagram="http://schemas.neumont.edu/ORM/2006-04/ORMDiagram" xmlns:ormRoot="http://schemas.neumont.edu/ORM/2006-04/ORMRoot">
	<orm:ORMModel id="_61846E60-E80A-4784-AE9C-76D53EB52EEA" Name="PersonCountry">
		<orm:Objects>
			<orm:EntityType id="_BACDEDA1-7E81-493C-A9CF-F4124E097D93" Name="Person" _ReferenceMode="id">
				<orm:PlayedRoles>
					<orm:Role ref="_B870A120-21DD-43C2-AB74-916C66CBE650" />
					<orm:Role ref="_76BCF376-E16C-4464-883B-2006F2B7915E" />
					<orm:Role ref="_1CC07CB6-1DB5-4B23-8694-E228AB2B509A" />
				</orm:PlayedRoles>
				<orm:PreferredIdentifier ref="_3A714556-C9EC-4958-80A5-2F1B5C1662A6" />
			</orm:EntityType>
			<orm:ValueType id="_866B5F7C-1893-43EA-A718-C514F1BCFA9D" Name="Person_id">
				<orm:PlayedRoles>
					<orm:Role ref="_8F7DA449-704E-488B-A7B1-5156D8DBD33E" />
				</orm:PlayedRoles>
				<orm:ConceptualDataType id="_8D4734D2-3DB7-4BDB-96A4-FCDA5B6421F2" ref="_E4C4B37C-8196-4032-97A1-D2B40B2B582C" Scale="0" Length="0" />
			</orm:ValueType>
			<orm:ValueType id="_FC57E4D3-1333-4FCF-954F-121AC563C1A9" Name="Name">
				<orm:PlayedRoles>
					<orm:Role ref="_5239EE63-27BE-4844-A9E7-2CAD4097E220" />
				</orm:PlayedRoles>
				<orm:ConceptualDataType id="_16C80968-5D87-4482-B7C2-0E36B2488836" ref="_FF0E6C76-2DAE-447F-8951-8101D741FC2F" Scale="0" Length="100" />
			</orm:ValueType>
			<orm:EntityType id="_5AE155D6-9A4D-4270-8EE5-C6F62975184E" Name="Country" _ReferenceMode="code">
				<orm:PlayedRoles>
					<orm:Role ref="_EA535395-DEC5-4F93-9992-C52C68151724" />
					<orm:Role ref="_936BA2A1-02D1-4D8D-9D43-3CF4ED2484C0" />
				</orm:PlayedRoles>
				<orm:PreferredIdentifier ref="_E812BD91-E322-4241-A4A2-C5CCF72A8AF0" />
			</orm:EntityType>
			<orm:ValueType id="_4B24EDF7-75BE-4EBD-AE60-E636DCA581B8" Name="Country_code">
				<orm:PlayedRoles>
					<orm:Role ref="_C47F4B76-2857-4BA1-B9FC-89F8C9D92402" />
				</orm:PlayedRoles>
				<orm:ConceptualDataType id="_75621038-CF61-4F3D-A72C-18DC1CCF8E5D" ref="_46E7636A-4804-40EE-A7E8-0065D9511068" Scale="0" Length="2" />
			</orm:ValueType>
		</orm:Objects>
		<orm:Facts>
			<orm:Fact id="_DD1E1D6E-18C9-4AB5-89A0-79FE485F367F" _Name="PersonHasPersonId">
				<orm:FactRoles>
					<orm:Role id="_B870A120-21DD-43C2-AB74-916C66CBE650" _IsMandatory="true" _Multiplicity="ZeroToOne" Name="">
						<orm:RolePlayer ref="_BACDEDA1-7E81-493C-A9CF-F4124E097D93" />
					</orm:Role>
					<orm:Role id="_8F7DA449-704E-488B-A7B1-5156D8DBD33E" _IsMandatory="false" _Multiplicity="ExactlyOne" Name="">
						<orm:RolePlayer ref="_866B5F7C-1893-43EA-A718-C514F1BCFA9D" />
					</orm:Role>
				</orm:FactRoles>
				<orm:ReadingOrders>
					<orm:ReadingOrder id="_6A56D254-B140-4731-8091-C8701CFB6354">
						<orm:Readings>
							<orm:Reading id="_BA426279-751A-412F-B067-C2A3E527703A">
								<orm:Data>{0} has {1}</orm:Data>
								<orm:ExpandedData>
									<orm:RoleText RoleIndex="0" FollowingText=" has " />
								</orm:ExpandedData>
							</orm:Reading>
						</orm:Readings>
						<orm:RoleSequence>
							<orm:Role ref="_B870A120-21DD-43C2-AB74-916C66CBE650" />
							<orm:Role ref="_8F7DA449-704E-488B-A7B1-5156D8DBD33E" />
						</orm:RoleSequence>
					</orm:ReadingOrder>
					<orm:ReadingOrder id="_222506EC-547D-4FD7-8089-5CC60C3D6CF7">
						<orm:Readings>
							<orm:Reading id="_F445767E-AEF4-4A47-9592-C91660F77176">
								<orm:Data>{0} is of {1}</orm:Data>
								<orm:ExpandedData>
									<orm:RoleText RoleIndex="0" FollowingText=" is of " />
								</orm:ExpandedData>
							</orm:Reading>
						</orm:Readings>
						<orm:RoleSequence>
							<orm:Role ref="_8F7DA449-704E-488B-A7B1-5156D8DBD33E" />
							<orm:Role ref="_B870A120-21DD-43C2-AB74-916C66CBE650" />
						</orm:RoleSequence>
					</orm:ReadingOrder>
				</orm:ReadingOrders>
				<orm:InternalConstraints>
					<orm:UniquenessConstraint ref="_3A714556-C9EC-4958-80A5-2F1B5C1662A6" />
					<orm:MandatoryConstraint ref="_06A90219-8BFC-4D2D-B5D3-03DBCBC68714" />
					<orm:UniquenessConstraint ref="_A3EC0973-1D09-4E6A-9523-9D998CD609BE" />
				</orm:InternalConstraints>
			</orm:Fact>
			<orm:Fact id="_D4EB62FB-1DC5-4FC1-B35E-29EAD2C5991A" _Name="CountryHasCountryCode">
				<orm:FactRoles>
					<orm:Role id="_EA535395-DEC5-4F93-9992-C52C68151724" _IsMandatory="true" _Multiplicity="ZeroToOne" Name="">
						<orm:RolePlayer ref="_5AE155D6-9A4D-4270-8EE5-C6F62975184E" />
					</orm:Role>
					<orm:Role id="_C47F4B76-2857-4BA1-B9FC-89F8C9D92402" _IsMandatory="false" _Multiplicity="ExactlyOne" Name="">
						<orm:RolePlayer ref="_4B24EDF7-75BE-4EBD-AE60-E636DCA581B8" />
					</orm:Role>
				</orm:FactRoles>
				<orm:ReadingOrders>
					<orm:ReadingOrder id="_18D74588-A04D-48B5-A270-BD31BF9EF8F6">
						<orm:Readings>
							<orm:Reading id="_A65E7612-1316-4FCF-9B42-27B9887D5F32">
								<orm:Data>{0} has {1}</orm:Data>
								<orm:ExpandedData>
									<orm:RoleText RoleIndex="0" FollowingText=" has " />
								</orm:ExpandedData>
							</orm:Reading>
						</orm:Readings>
						<orm:RoleSequence>
							<orm:Role ref="_EA535395-DEC5-4F93-9992-C52C68151724" />
							<orm:Role ref="_C47F4B76-2857-4BA1-B9FC-89F8C9D92402" />
						</orm:RoleSequence>
					</orm:ReadingOrder>
					<orm:ReadingOrder id="_63026504-769A-4438-8326-07794D236F1B">
						<orm:Readings>
							<orm:Reading id="_3E6CA040-9F0A-4887-B238-1B89B3B97255">
								<orm:Data>{0} is of {1}</orm:Data>
								<orm:ExpandedData>
									<orm:RoleText RoleIndex="0" FollowingText=" is of " />
								</orm:ExpandedData>
							</orm:Reading>
						</orm:Readings>
						<orm:RoleSequence>
							<orm:Role ref="_C47F4B76-2857-4BA1-B9FC-89F8C9D92402" />
							<orm:Role ref="_EA535395-DEC5-4F93-9992-C52C68151724" />
						</orm:RoleSequence>
					</orm:ReadingOrder>
				</orm:ReadingOrders>
				<orm:InternalConstraints>
					<orm:UniquenessConstraint ref="_E812BD91-E322-4241-A4A2-C5CCF72A8AF0" />
					<orm:MandatoryConstraint ref="_70A5D1E7-5ECD-4AF6-9B02-130E2229CCD0" />
					<orm:UniquenessConstraint ref="_236756CA-7760-4E0E-A54C-B1AA983AD1CC" />
				</orm:InternalConstraints>
			</orm:Fact>
			<orm:Fact id="_7F30CB97-37E8-4E41-A6BB-94D7B82AEE33" _Name="PersonHasName">
				<orm:FactRoles>
					<orm:Role id="_76BCF376-E16C-4464-883B-2006F2B7915E" _IsMandatory="true" _Multiplicity="ZeroToMany" Name="">
						<orm:RolePlayer ref="_BACDEDA1-7E81-493C-A9CF-F4124E097D93" />
					</orm:Role>
					<orm:Role id="_5239EE63-27BE-4844-A9E7-2CAD4097E220" _IsMandatory="false" _Multiplicity="ExactlyOne" Name="">
						<orm:RolePlayer ref="_FC57E4D3-1333-4FCF-954F-121AC563C1A9" />
					</orm:Role>
				</orm:FactRoles>
				<orm:ReadingOrders>
					<orm:ReadingOrder id="_62D31EDC-83F4-4AE5-B65B-15468E888A80">
						<orm:Readings>
							<orm:Reading id="_0D46E484-864A-4F65-9A71-B65954C66F6F">
								<orm:Data>{0} has {1}</orm:Data>
								<orm:ExpandedData>
									<orm:RoleText RoleIndex="0" FollowingText=" has " />
								</orm:ExpandedData>
							</orm:Reading>
						</orm:Readings>
						<orm:RoleSequence>
							<orm:Role ref="_76BCF376-E16C-4464-883B-2006F2B7915E" />
							<orm:Role ref="_5239EE63-27BE-4844-A9E7-2CAD4097E220" />
						</orm:RoleSequence>
					</orm:ReadingOrder>
				</orm:ReadingOrders>
				<orm:InternalConstraints>
					<orm:UniquenessConstraint ref="_CC4DFCCA-7C16-4FDE-83E1-CC1BF60F1A3A" />
					<orm:MandatoryConstraint ref="_427FB453-C3D1-42D7-9B6D-77BEF7D76D2E" />
				</orm:InternalConstraints>
			</orm:Fact>
			<orm:Fact id="_A8FF951C-FD36-44C3-8B83-B4B3FA2F8E18" _Name="PersonWasBornInCountry">
				<orm:FactRoles>
					<orm:Role id="_1CC07CB6-1DB5-4B23-8694-E228AB2B509A" _IsMandatory="true" _Multiplicity="ZeroToMany" Name="">
						<orm:RolePlayer ref="_BACDEDA1-7E81-493C-A9CF-F4124E097D93" />
					</orm:Role>
					<orm:Role id="_936BA2A1-02D1-4D8D-9D43-3CF4ED2484C0" _IsMandatory="false" _Multiplicity="ExactlyOne" Name="">
						<orm:RolePlayer ref="_5AE155D6-9A4D-4270-8EE5-C6F62975184E" />
					</orm:Role>
				</orm:FactRoles>
				<orm:ReadingOrders>
					<orm:ReadingOrder id="_736CBE0E-A766-413D-876E-6BC0B7186B4C">
						<orm:Readings>
							<orm:Reading id="_F3E19FB6-D79A-4173-8041-91171823E49F">
								<orm:Data>{0} was born in {1}</orm:Data>
								<orm:ExpandedData>
									<orm:RoleText RoleIndex="0" FollowingText=" was born in " />
								</orm:ExpandedData>
							</orm:Reading>
						</orm:Readings>
						<orm:RoleSequence>
							<orm:Role ref="_1CC07CB6-1DB5-4B23-8694-E228AB2B509A" />
							<orm:Role ref="_936BA2A1-02D1-4D8D-9D43-3CF4ED2484C0" />
						</orm:RoleSequence>
					</orm:ReadingOrder>
					<orm:ReadingOrder id="_7906B42B-3D48-401F-81C4-9D62660EF4AD">
						<orm:Readings>
							<orm:Reading id="_40B7CEA4-2832-43AF-8727-1F68184F8B74">
								<orm:Data>{0} is birth country of {1}</orm:Data>
								<orm:ExpandedData>
									<orm:RoleText RoleIndex="0" FollowingText=" is birth country of " />
								</orm:ExpandedData>
							</orm:Reading>
						</orm:Readings>
						<orm:RoleSequence>
							<orm:Role ref="_936BA2A1-02D1-4D8D-9D43-3CF4ED2484C0" />
							<orm:Role ref="_1CC07CB6-1DB5-4B23-8694-E228AB2B509A" />
						</orm:RoleSequence>
					</orm:ReadingOrder>
				</orm:ReadingOrders>
				<orm:InternalConstraints>
					<orm:UniquenessConstraint ref="_2A9785DA-3225-4F4D-AA12-E5CF7507DD0A" />
					<orm:MandatoryConstraint ref="_24201D1C-3D54-42D0-8FA2-EBB0D48F36B1" />
				</orm:InternalConstraints>
			</orm:Fact>
		</orm:Facts>
		<orm:Constraints>
			<orm:UniquenessConstraint id="_3A714556-C9EC-4958-80A5-2F1B5C1662A6" Name="InternalUniquenessConstraint1" IsInternal="true">
				<orm:RoleSequence>
					<orm:Role id="_13196429-F2A2-491F-B042-71778BC642D3" ref="_8F7DA449-704E-488B-A7B1-5156D8DBD33E" />
				</orm:RoleSequence>
				<orm:PreferredIdentifierFor ref="_BACDEDA1-7E81-493C-A9CF-F4124E097D93" />
			</orm:UniquenessConstraint>
			<orm:MandatoryConstraint id="_06A90219-8BFC-4D2D-B5D3-03DBCBC68714" Name="SimpleMandatoryConstraint1" IsSimple="true">
				<orm:RoleSequence>
					<orm:Role id="_21ACE7FA-714D-408D-8AF9-613C3D954F31" ref="_B870A120-21DD-43C2-AB74-916C66CBE650" />
				</orm:RoleSequence>
			</orm:MandatoryConstraint>
			<orm:UniquenessConstraint id="_A3EC0973-1D09-4E6A-9523-9D998CD609BE" Name="InternalUniquenessConstraint2" IsInternal="true">
				<orm:RoleSequence>
					<orm:Role id="_3995B8D0-ED1F-4924-B7B9-5FACC85AF2DF" ref="_B870A120-21DD-43C2-AB74-916C66CBE650" />
				</orm:RoleSequence>
			</orm:UniquenessConstraint>
			<orm:UniquenessConstraint id="_E812BD91-E322-4241-A4A2-C5CCF72A8AF0" Name="InternalUniquenessConstraint3" IsInternal="true">
				<orm:RoleSequence>
					<orm:Role id="_DB88E64B-0F94-49CB-BD8A-B466174F14F9" ref="_C47F4B76-2857-4BA1-B9FC-89F8C9D92402" />
				</orm:RoleSequence>
				<orm:PreferredIdentifierFor ref="_5AE155D6-9A4D-4270-8EE5-C6F62975184E" />
			</orm:UniquenessConstraint>
			<orm:MandatoryConstraint id="_70A5D1E7-5ECD-4AF6-9B02-130E2229CCD0" Name="SimpleMandatoryConstraint2" IsSimple="true">
				<orm:RoleSequence>
					<orm:Role id="_CDE7B27B-4BF8-49F0-9473-C74A838C78F6" ref="_EA535395-DEC5-4F93-9992-C52C68151724" />
				</orm:RoleSequence>
			</orm:MandatoryConstraint>
			<orm:UniquenessConstraint id="_236756CA-7760-4E0E-A54C-B1AA983AD1CC" Name="InternalUniquenessConstraint4" IsInternal="true">
				<orm:RoleSequence>
					<orm:Role id="_44D6E51B-D96F-453A-BB59-2009262E2929" ref="_EA535395-DEC5-4F93-9992-C52C68151724" />
				</orm:RoleSequence>
			</orm:UniquenessConstraint>
			<orm:UniquenessConstraint id="_CC4DFCCA-7C16-4FDE-83E1-CC1BF60F1A3A" Name="InternalUniquenessConstraint5" IsInternal="true">
				<orm:RoleSequence>
					<orm:Role id="_464BA110-FF5C-40C5-A5C4-05D5F2C95031" ref="_76BCF376-E16C-4464-883B-2006F2B7915E" />
				</orm:RoleSequence>
			</orm:UniquenessConstraint>
			<orm:MandatoryConstraint id="_427FB453-C3D1-42D7-9B6D-77BEF7D76D2E" Name="SimpleMandatoryConstraint3" IsSimple="true">
				<orm:RoleSequence>
					<orm:Role id="_DA1ADBB6-60D1-43B5-A710-1C541D13B528" ref="_76BCF376-E16C-4464-883B-2006F2B7915E" />
				</orm:RoleSequence>
			</orm:MandatoryConstraint>
			<orm:UniquenessConstraint id="_2A9785DA-3225-4F4D-AA12-E5CF7507DD0A" Name="InternalUniquenessConstraint6" IsInternal="true">
				<orm:RoleSequence>
					<orm:Role id="_EBC4E38F-0E5E-4989-ACA0-277C0C989307" ref="_1CC07CB6-1DB5-4B23-8694-E228AB2B509A" />
				</orm:RoleSequence>
			</orm:UniquenessConstraint>
			<orm:MandatoryConstraint id="_24201D1C-3D54-42D0-8FA2-EBB0D48F36B1" Name="SimpleMandatoryConstraint4" IsSimple="true">
				<orm:RoleSequence>
					<orm:Role id="_C0BEA79E-B27A-47AC-9CF5-7CCE3E33275C" ref="_1CC07CB6-1DB5-4B23-8694-E228AB2B509A" />
				</orm:RoleSequence>
			</orm:MandatoryConstraint>
			<orm:MandatoryConstraint id="_62D9AD22-522A-4CAC-A65F-F22A464A2F9F" Name="ImpliedMandatoryConstraint1" IsImplied="true">
				<orm:RoleSequence>
					<orm:Role id="_39CA00AD-1B42-46A0-BB7E-E9024F72FB33" ref="_8F7DA449-704E-488B-A7B1-5156D8DBD33E" />
				</orm:RoleSequence>
				<orm:ImpliedByObjectType ref="_866B5F7C-1893-43EA-A718-C514F1BCFA9D" />
			</orm:MandatoryConstraint>
			<orm:MandatoryConstraint id="_5413D152-C52D-4873-803A-8A0F9810F89D" Name="ImpliedMandatoryConstraint2" IsImplied="true">
				<orm:RoleSequence>
					<orm:Role id="_88C85F8F-71C6-4C28-AA6A-75CB1F8A5D56" ref="_C47F4B76-2857-4BA1-B9FC-89F8C9D92402" />
				</orm:RoleSequence>
				<orm:ImpliedByObjectType ref="_4B24EDF7-75BE-4EBD-AE60-E636DCA581B8" />
			</orm:MandatoryConstraint>
			<orm:MandatoryConstraint id="_895961CF-17F8-47D0-BF39-559F39EEC55D" Name="ImpliedMandatoryConstraint3" IsImplied="true">
				<orm:RoleSequence>
					<orm:Role id="_8B87CEE1-7C56-4F4E-9A7B-BCD048517BC3" ref="_5239EE63-27BE-4844-A9E7-2CAD4097E220" />
				</orm:RoleSequence>
				<orm:ImpliedByObjectType ref="_FC57E4D3-1333-4FCF-954F-121AC563C1A9" />
			</orm:MandatoryConstraint>
			<orm:MandatoryConstraint id="_8A800CEB-4FDC-4D83-974E-EAD2AB873874" Name="ImpliedMandatoryConstraint4" IsImplied="true">
				<orm:RoleSequence>
					<orm:Role id="_E9A93E13-F628-42C0-8696-33762211C8CC" ref="_936BA2A1-02D1-4D8D-9D43-3CF4ED2484C0" />
				</orm:RoleSequence>
				<orm:ImpliedByObjectType ref="_5AE155D6-9A4D-4270-8EE5-C6F62975184E" />
			</orm:MandatoryConstraint>
		</orm:Constraints>
		<orm:DataTypes>
			<orm:FixedLengthTextDataType id="_46E7636A-4804-40EE-A7E8-0065D9511068" />
			<orm:VariableLengthTextDataType id="_FF0E6C76-2DAE-447F-8951-8101D741FC2F" />
			<orm:AutoCounterNumericDataType id="_E4C4B37C-8196-4032-97A1-D2B40B2B582C" />
		</orm:DataTypes>
		<orm:ReferenceModeKinds>
			<orm:ReferenceModeKind id="_8B973DF9-0155-4F8B-8C6A-DB74AFF6662A" FormatString="{1}" ReferenceModeType="General" />
			<orm:ReferenceModeKind id="_71E6569C-3D16-4A12-ACFC-E3F7C72BB068" FormatString="{0}_{1}" ReferenceModeType="Popular" />
			<orm:ReferenceModeKind id="_0C64B429-C0C6-455F-B4B9-90DD2ECB041E" FormatString="{1}Value" ReferenceModeType="UnitBased" />
		</orm:ReferenceModeKinds>
	</orm:ORMModel>
	<ormDiagram:ORMDiagram id="_DE375D2E-F016-4070-8B64-F6F710AD12A1" IsCompleteView="false" Name="PersonCountry" BaseFontName="Tahoma" BaseFontSize="0.0972222238779068">
		<ormDiagram:Shapes>
			<ormDiagram:ObjectTypeShape id="_C5A50420-E3CD-495F-98B8-CA5D3D36F5C7" IsExpanded="true" AbsoluteBounds="0.75, 1.0125, 0.49852421402931213, 0.35900605320930479">
				<ormDiagram:Subject ref="_BACDEDA1-7E81-493C-A9CF-F4124E097D93" />
			</ormDiagram:ObjectTypeShape>
			<ormDiagram:FactTypeShape id="_89B39C0B-24A3-4A90-A4F1-6A654044DB5B" IsExpanded="true" AbsoluteBounds="1.7875, 0.6303070688061419, 0.38388888899236917, 0.24388888899236916">
				<ormDiagram:RelativeShapes>
					<ormDiagram:ReadingShape id="_0F900865-D5AB-4C0A-948D-AA9B37365AC3" IsExpanded="true" AbsoluteBounds="1.7875, 0.8928070688061421, 0.18545643985271454, 0.12950302660465241">
						<ormDiagram:Subject ref="_62D31EDC-83F4-4AE5-B65B-15468E888A80" />
					</ormDiagram:ReadingShape>
				</ormDiagram:RelativeShapes>
				<ormDiagram:Subject ref="_7F30CB97-37E8-4E41-A6BB-94D7B82AEE33" />
			</ormDiagram:FactTypeShape>
			<ormDiagram:ObjectTypeShape id="_60EEC138-126F-4E9A-9876-6EF7564AF780" IsExpanded="true" AbsoluteBounds="2.7, 0.6725, 0.43, 0.22950302660465241">
				<ormDiagram:Subject ref="_FC57E4D3-1333-4FCF-954F-121AC563C1A9" />
			</ormDiagram:ObjectTypeShape>
			<ormDiagram:FactTypeShape id="_CCDE7183-718F-4925-8DA0-8DD5EDAAF56B" IsExpanded="true" AbsoluteBounds="1.7875, 1.4303070688061419, 0.38388888899236917, 0.24388888899236916">
				<ormDiagram:RelativeShapes>
					<ormDiagram:ReadingShape id="_83DE96D6-F5DA-4CA2-9CE1-E6C3449D6FBD" IsExpanded="true" AbsoluteBounds="1.6375, 1.6928070688061421, 0.6, 0.12950302660465241">
						<ormDiagram:Subject ref="_736CBE0E-A766-413D-876E-6BC0B7186B4C" />
					</ormDiagram:ReadingShape>
				</ormDiagram:RelativeShapes>
				<ormDiagram:Subject ref="_A8FF951C-FD36-44C3-8B83-B4B3FA2F8E18" />
			</ormDiagram:FactTypeShape>
			<ormDiagram:ObjectTypeShape id="_E83624B4-A05C-48DA-9B6A-CBB4FD4D7943" IsExpanded="true" AbsoluteBounds="2.7, 1.4125, 0.55192997574806224, 0.35900605320930479">
				<ormDiagram:Subject ref="_5AE155D6-9A4D-4270-8EE5-C6F62975184E" />
			</ormDiagram:ObjectTypeShape>
		</ormDiagram:Shapes>
		<ormDiagram:Subject ref="_61846E60-E80A-4784-AE9C-76D53EB52EEA" />
	</ormDiagram:ORMDiagram>
</ormRoot:ORM2>
`;
